//===- DType.cpp - Element types of safetensors files ---------------------===//

#include "qwen3/DType.h"

#include <array>

namespace qwen3 {

namespace {
struct DTypeEntry {
  DType dtype;
  std::string_view name;
  std::size_t size;
};

constexpr std::array<DTypeEntry, 15> kDTypes = {{
    {DType::Bool, "BOOL", 1},
    {DType::U8, "U8", 1},
    {DType::I8, "I8", 1},
    {DType::I16, "I16", 2},
    {DType::U16, "U16", 2},
    {DType::F16, "F16", 2},
    {DType::BF16, "BF16", 2},
    {DType::I32, "I32", 4},
    {DType::U32, "U32", 4},
    {DType::F32, "F32", 4},
    {DType::F64, "F64", 8},
    {DType::I64, "I64", 8},
    {DType::U64, "U64", 8},
    {DType::F8E4M3, "F8_E4M3", 1},
    {DType::F8E5M2, "F8_E5M2", 1},
}};

const DTypeEntry &entry(DType dtype) {
  // The table is in the enum's order.
  return kDTypes[static_cast<std::size_t>(dtype)];
}
} // namespace

std::optional<DType> parseDType(std::string_view name) {
  for (const DTypeEntry &candidate : kDTypes)
    if (candidate.name == name)
      return candidate.dtype;
  return std::nullopt;
}

std::string_view dtypeName(DType dtype) { return entry(dtype).name; }

std::size_t dtypeSize(DType dtype) { return entry(dtype).size; }

bool isFloatWeightDType(DType dtype) {
  return dtype == DType::BF16 || dtype == DType::F16 || dtype == DType::F32;
}

} // namespace qwen3
