//===- ReferenceForward.h - Qwen3's forward pass in float64 -----*- C++ -*-===//
//
// A plain-loop Qwen3 forward pass in double precision over a checkpoint's
// weights, written from the model's definition independently of the engine:
// the reference the engine's logits are checked against. Where a bf16
// engine stores a tensor in bf16 (activations between kernels), the
// reference rounds to bf16 too, and its attention follows the kernels'
// online softmax over blocks of keys, so that what remains between the two
// is the engine's f32 arithmetic; against an f32 engine it rounds nowhere.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_TEST_REFERENCEFORWARD_H
#define QWEN3_TEST_REFERENCEFORWARD_H

#include "qwen3/Checkpoint.h"

#include <cstdint>
#include <span>
#include <vector>

namespace qwen3::test {

/// How the engine checked stores its activations.
enum class Activations { Bf16, F32 };

/// The logits [tokens.size()][vocab] of `tokens` at positions 0, 1, ...
/// The first `prefillTokens` are computed as the engine's prefill does,
/// whose attention weights meet the values as stored activations; the rest
/// as its decode steps, in f32.
std::vector<std::vector<double>>
referenceLogits(const Checkpoint &checkpoint, std::span<const int32_t> tokens,
                int64_t prefillTokens,
                Activations activations = Activations::Bf16);

} // namespace qwen3::test

#endif // QWEN3_TEST_REFERENCEFORWARD_H
