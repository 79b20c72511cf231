//===- scalar_types.h - Element types of the kernel language ----*- C++ -*-===//
//
// The 16-bit float types tile::f16 and tile::bf16, and the traits host mode
// uses to tell element types apart and to compute in float.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_SCALAR_TYPES_H
#define TILE_KERNEL_SCALAR_TYPES_H

#include <bit>
#include <cstdint>
#include <type_traits>

namespace tile {

namespace detail {
/// The binary16 bits nearest to `value`, ties to even; NaN stays NaN (quiet,
/// with the sign and the top payload bits kept).
constexpr uint16_t floatToHalfBits(float value) {
  uint32_t word = std::bit_cast<uint32_t>(value);
  uint32_t sign = (word >> 16) & 0x8000u;
  uint32_t magnitude = word & 0x7fffffffu;
  if (magnitude > 0x7f800000u) // NaN
    return static_cast<uint16_t>(sign | 0x7e00u | ((magnitude >> 13) & 0x3ffu));
  if (magnitude >= 0x477ff000u) // 65520 and above round to infinity
    return static_cast<uint16_t>(sign | 0x7c00u);
  if (magnitude >= 0x38800000u) { // a normal binary16: rebias 127 -> 15
    uint32_t rebiased = magnitude - (112u << 23);
    uint32_t lowestKept = (rebiased >> 13) & 1u;
    return static_cast<uint16_t>(sign |
                                 ((rebiased + 0xfffu + lowestKept) >> 13));
  }
  if (magnitude <= 0x33000000u) // at most 2^-25: rounds to zero
    return sign;
  // A subnormal binary16: a multiple of 2^-24.
  uint32_t exponent = magnitude >> 23;
  uint32_t significand = (magnitude & 0x7fffffu) | 0x800000u;
  uint32_t shift = 126u - exponent; // 14 to 24
  uint32_t kept = significand >> shift;
  uint32_t dropped = significand & ((1u << shift) - 1u);
  uint32_t halfway = 1u << (shift - 1u);
  if (dropped > halfway || (dropped == halfway && (kept & 1u)))
    ++kept; // may carry into the smallest normal, which is right
  return static_cast<uint16_t>(sign | kept);
}

/// The float equal to binary16 `bits` (exact).
constexpr float halfBitsToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
  uint32_t exponent = (bits >> 10) & 0x1fu;
  uint32_t mantissa = bits & 0x3ffu;
  if (exponent == 0x1fu) // infinity or NaN
    return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
  if (exponent == 0) { // zero or subnormal: mantissa * 2^-24
    float magnitude = static_cast<float>(mantissa) * 0x1p-24f;
    return sign ? -magnitude : magnitude;
  }
  return std::bit_cast<float>(sign | ((exponent + 112u) << 23) |
                              (mantissa << 13));
}

/// The bfloat16 bits nearest to `value`, ties to even; NaN stays NaN (quiet,
/// with the sign and the top payload bits kept).
constexpr uint16_t floatToBFloatBits(float value) {
  uint32_t word = std::bit_cast<uint32_t>(value);
  if ((word & 0x7fffffffu) > 0x7f800000u)
    return static_cast<uint16_t>((word >> 16) | 0x40u);
  uint32_t lowestKept = (word >> 16) & 1u;
  return static_cast<uint16_t>((word + 0x7fffu + lowestKept) >> 16);
}
} // namespace detail

/// IEEE 754 binary16, stored as its bits. Converting from float rounds to
/// nearest even (65520 and above become infinity); NaN stays NaN.
struct f16 {
  /// The encoding: sign, 5 exponent bits, 10 mantissa bits.
  uint16_t bits = 0;

  /// Positive zero.
  constexpr f16() = default;
  /// The f16 nearest to `value`, ties to even.
  constexpr explicit f16(float value) : bits(detail::floatToHalfBits(value)) {}
  /// The exact float value.
  constexpr explicit operator float() const {
    return detail::halfBitsToFloat(bits);
  }
  /// The f16 with these bits.
  static constexpr f16 fromBits(uint16_t bits) {
    f16 value;
    value.bits = bits;
    return value;
  }
};

/// bfloat16 (the upper half of an IEEE binary32), stored as its bits.
/// Converting from float rounds to nearest even; NaN stays NaN.
struct bf16 {
  /// The encoding: sign, 8 exponent bits, 7 mantissa bits.
  uint16_t bits = 0;

  /// Positive zero.
  constexpr bf16() = default;
  /// The bf16 nearest to `value`, ties to even.
  constexpr explicit bf16(float value)
      : bits(detail::floatToBFloatBits(value)) {}
  /// The exact float value.
  constexpr explicit operator float() const {
    return std::bit_cast<float>(static_cast<uint32_t>(bits) << 16);
  }
  /// The bf16 with these bits.
  static constexpr bf16 fromBits(uint16_t bits) {
    bf16 value;
    value.bits = bits;
    return value;
  }
};

static_assert(sizeof(f16) == 2 && sizeof(bf16) == 2);
static_assert(std::is_trivially_copyable_v<f16> &&
              std::is_trivially_copyable_v<bf16>);

namespace detail {
/// Whether T is f16 or bf16, which host mode computes in float.
template <class T>
inline constexpr bool isHalf =
    std::is_same_v<T, f16> || std::is_same_v<T, bf16>;

/// Whether T is an element type of the kernel language: float, f16, bf16,
/// int32_t, int64_t or bool.
template <class T>
inline constexpr bool isElement =
    std::is_same_v<T, float> || isHalf<T> || std::is_same_v<T, int32_t> ||
    std::is_same_v<T, int64_t> || std::is_same_v<T, bool>;

/// Whether T is a float element type (float, f16, bf16).
template <class T>
inline constexpr bool isFloatElement = std::is_same_v<T, float> || isHalf<T>;

/// Whether T is an integer element type (int32_t, int64_t).
template <class T>
inline constexpr bool isIntegerElement =
    std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>;

/// The type host mode computes T in: float for f16 and bf16, else T.
template <class T> using ComputeType = std::conditional_t<isHalf<T>, float, T>;

/// `value` in its compute type.
template <class T> constexpr ComputeType<T> widen(T value) {
  return static_cast<ComputeType<T>>(value);
}

/// A compute-type value rounded back to T.
template <class T> constexpr T narrow(ComputeType<T> value) {
  return static_cast<T>(value);
}
} // namespace detail

} // namespace tile

#endif // TILE_KERNEL_SCALAR_TYPES_H
