//===- Bf16Conversion.cpp - Loading any float tensor as bfloat16 ----------===//

#include "qwen3/Bf16Conversion.h"

#include "qwen3/Error.h"

#include <cstring>
#include <string>

namespace qwen3 {

namespace {
/// Converts element by element; the source may be unaligned in the mapping,
/// so each element is copied out before it is read.
template <class Source, class Convert>
void convertElements(std::span<const std::byte> bytes,
                     std::span<tile::bf16> out, Convert convert) {
  const std::byte *in = bytes.data();
  for (std::size_t i = 0; i < out.size(); ++i) {
    Source value;
    std::memcpy(&value, in + i * sizeof(Source), sizeof(Source));
    out[i] = convert(value);
  }
}
} // namespace

void convertToBf16(DType dtype, std::span<const std::byte> bytes,
                   std::span<tile::bf16> out) {
  if (!isFloatWeightDType(dtype))
    throw Error("converting to bf16: dtype " + std::string(dtypeName(dtype)) +
                " is not supported; expected BF16, F16 or F32");
  if (bytes.size() != out.size() * dtypeSize(dtype))
    throw Error("converting to bf16: " + std::to_string(bytes.size()) +
                " bytes of " + std::string(dtypeName(dtype)) + " for " +
                std::to_string(out.size()) + " elements");
  switch (dtype) {
  case DType::BF16:
    std::memcpy(out.data(), bytes.data(), bytes.size());
    break;
  case DType::F16:
    // f16 -> float is exact, so this rounds once, to nearest even.
    convertElements<uint16_t>(bytes, out, [](uint16_t bits) {
      return tile::bf16(static_cast<float>(tile::f16::fromBits(bits)));
    });
    break;
  default:
    convertElements<float>(bytes, out,
                           [](float value) { return tile::bf16(value); });
    break;
  }
}

void copyToBf16(const TensorInfo &tensor, std::span<tile::bf16> out) {
  if (out.size() != static_cast<std::size_t>(tensor.numel()))
    throw Error(tensor.file.string() + ": " + tensor.name +
                ": converting to bf16: the tensor has " +
                std::to_string(tensor.numel()) + " elements, the buffer " +
                std::to_string(out.size()));
  try {
    convertToBf16(tensor.dtype, tensor.data, out);
  } catch (const Error &e) {
    throw Error(tensor.file.string() + ": " + tensor.name + ": " + e.what());
  }
}

std::optional<std::size_t> findNonFinite(std::span<const tile::bf16> values) {
  // All exponent bits set: an infinity or a NaN.
  for (std::size_t i = 0; i < values.size(); ++i)
    if ((values[i].bits & 0x7f80u) == 0x7f80u)
      return i;
  return std::nullopt;
}

} // namespace qwen3
