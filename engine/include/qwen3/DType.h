//===- DType.h - Element types of safetensors files -------------*- C++ -*-===//
//
// The dtypes a safetensors header may name. All of them are read (a file
// holding, say, I64 tensors is valid); the engine computes with BF16, F16
// and F32 only and says so when asked to use another.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_DTYPE_H
#define QWEN3_DTYPE_H

#include <cstddef>
#include <optional>
#include <string_view>

namespace qwen3 {

/// A safetensors element type.
enum class DType {
  Bool,
  U8,
  I8,
  I16,
  U16,
  F16,
  BF16,
  I32,
  U32,
  F32,
  F64,
  I64,
  U64,
  F8E4M3,
  F8E5M2,
};

/// The dtype that safetensors spells `name` ("BF16", "F8_E4M3"), if any.
std::optional<DType> parseDType(std::string_view name);

/// The safetensors spelling of `dtype`.
std::string_view dtypeName(DType dtype);

/// Bytes per element of `dtype`.
std::size_t dtypeSize(DType dtype);

/// Whether the engine computes with `dtype` (BF16, F16 or F32).
bool isFloatWeightDType(DType dtype);

} // namespace qwen3

#endif // QWEN3_DTYPE_H
