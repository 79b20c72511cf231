//===- Bf16Conversion.h - Loading any float tensor as bfloat16 --*- C++ -*-===//
//
// The engine computes in bf16; checkpoints may hold bf16, f16 or f32. This
// copies a tensor's elements into a caller's bf16 buffer, rounding to
// nearest even where the source is wider.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_BF16CONVERSION_H
#define QWEN3_BF16CONVERSION_H

#include "qwen3/DType.h"
#include "qwen3/SafeTensors.h"

#include "tile/kernel/scalar_types.h"

#include <cstddef>
#include <optional>
#include <span>

namespace qwen3 {

/// Copies `tensor`'s elements into `out`, which must hold exactly
/// tensor.numel() elements: bf16 as it is; f16 and f32 rounded to the
/// nearest bf16, ties to even, infinities kept, NaN kept NaN. Throws
/// qwen3::Error, naming the tensor and its file, for another dtype or a
/// buffer of another size.
void copyToBf16(const TensorInfo &tensor, std::span<tile::bf16> out);

/// Converts raw little-endian elements of `dtype` (BF16, F16 or F32) to
/// bf16: `out.size()` elements are read from `bytes`, which must hold
/// exactly that many. Throws qwen3::Error for another dtype or size.
void convertToBf16(DType dtype, std::span<const std::byte> bytes,
                   std::span<tile::bf16> out);

/// The index of the first NaN or infinity of `values`, if any: a weight
/// no trained model has, which would turn every output it touches into
/// NaN.
std::optional<std::size_t> findNonFinite(std::span<const tile::bf16> values);

} // namespace qwen3

#endif // QWEN3_BF16CONVERSION_H
