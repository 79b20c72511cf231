//===- TensorLayout.h - The tensors of a Qwen3 checkpoint -------*- C++ -*-===//
//
// The names and shapes Hugging Face's Qwen3ForCausalLM gives its weights,
// derived from a Config: what the loader checks a checkpoint against and
// what the writer writes.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_TENSORLAYOUT_H
#define QWEN3_TENSORLAYOUT_H

#include "qwen3/Config.h"

#include <cstdint>
#include <string>
#include <vector>

namespace qwen3 {

/// One weight of a Qwen3 model.
struct TensorSpec {
  /// Its checkpoint name ("model.layers.0.self_attn.q_proj.weight").
  std::string name;
  /// Its shape, as PyTorch stores it (a Linear's is [out, in]).
  std::vector<int64_t> shape;
  /// Whether it is an RMSNorm's weight (initialized to ones, not randomly).
  bool isNorm = false;
};

/// Every weight of the model `config` describes, in the model's order: the
/// embedding, each layer's, the final norm, and lm_head.weight unless the
/// embeddings are tied.
std::vector<TensorSpec> qwen3Tensors(const Config &config);

} // namespace qwen3

#endif // QWEN3_TENSORLAYOUT_H
