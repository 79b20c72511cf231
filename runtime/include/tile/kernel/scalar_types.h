//===- scalar_types.h - 16-bit floats of the kernel language ----*- C++ -*-===//

#ifndef TILE_KERNEL_SCALAR_TYPES_H
#define TILE_KERNEL_SCALAR_TYPES_H

#include <bit>
#include <cstdint>
#include <type_traits>

namespace tile {

/// IEEE binary16, stored as its bits. Conversions round to nearest even.
struct f16 {
  uint16_t bits = 0;

  f16() = default;
  explicit f16(float value)
      : bits(std::bit_cast<uint16_t>(static_cast<_Float16>(value))) {}
  explicit operator float() const {
    return static_cast<float>(std::bit_cast<_Float16>(bits));
  }
  /// The f16 with these bits.
  static f16 fromBits(uint16_t bits) {
    f16 value;
    value.bits = bits;
    return value;
  }
};

/// bfloat16 (the top half of an IEEE binary32), stored as its bits.
/// Conversions round to nearest even; NaN stays NaN.
struct bf16 {
  uint16_t bits = 0;

  bf16() = default;
  explicit bf16(float value) {
    uint32_t word = std::bit_cast<uint32_t>(value);
    if ((word & 0x7fffffffu) > 0x7f800000u) {
      bits = static_cast<uint16_t>((word >> 16) | 0x40u); // quiet NaN
      return;
    }
    uint32_t roundingBias = 0x7fffu + ((word >> 16) & 1u);
    bits = static_cast<uint16_t>((word + roundingBias) >> 16);
  }
  explicit operator float() const {
    return std::bit_cast<float>(static_cast<uint32_t>(bits) << 16);
  }
  /// The bf16 with these bits.
  static bf16 fromBits(uint16_t bits) {
    bf16 value;
    value.bits = bits;
    return value;
  }
};

static_assert(sizeof(f16) == 2 && sizeof(bf16) == 2);

namespace detail {
/// Whether T is one of the 16-bit float types, which compute in float.
template <class T>
inline constexpr bool isHalf =
    std::is_same_v<T, f16> || std::is_same_v<T, bf16>;

/// The type host mode computes T in.
template <class T>
using ComputeType = std::conditional_t<isHalf<T>, float, T>;

template <class T> ComputeType<T> widen(T value) {
  return static_cast<ComputeType<T>>(value);
}
template <class T> T narrow(ComputeType<T> value) {
  return static_cast<T>(value);
}
} // namespace detail

} // namespace tile

#endif // TILE_KERNEL_SCALAR_TYPES_H
