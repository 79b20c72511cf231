//===- scalar_types.h - Element types of the kernel language ----*- C++ -*-===//
//
// The 16-bit float types tile::f16 and tile::bf16, the 8-bit float types
// tile::f8e4m3 and tile::f8e5m2, and the traits host mode uses to tell
// element types apart and to compute in float.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_SCALAR_TYPES_H
#define TILE_KERNEL_SCALAR_TYPES_H

#include <algorithm>
#include <bit>
#include <cmath>
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

namespace detail {
/// An 8-bit float format: its exponent bias and mantissa bits, its largest
/// finite encoding, and whether the all-ones exponent holds infinities
/// (e5m2) or is an ordinary exponent whose all-ones mantissa is NaN (e4m3).
struct Float8Format {
  int bias;
  int mantissaBits;
  uint8_t largestFinite;
  bool hasInfinity;
};
inline constexpr Float8Format kE4M3 = {7, 3, 0x7e, false};
inline constexpr Float8Format kE5M2 = {15, 2, 0x7b, true};

/// The float equal to the 8-bit float `bits` (exact).
inline float float8BitsToFloat(uint8_t bits, Float8Format format) {
  bool negative = bits & 0x80u;
  int magnitudeBits = bits & 0x7f;
  int exponent = magnitudeBits >> format.mantissaBits;
  int mantissa = magnitudeBits & ((1 << format.mantissaBits) - 1);
  int topExponent = (1 << (7 - format.mantissaBits)) - 1;
  float magnitude;
  if (magnitudeBits > format.largestFinite &&
      !(format.hasInfinity && mantissa == 0))
    magnitude = NAN;
  else if (format.hasInfinity && exponent == topExponent)
    magnitude = INFINITY;
  else if (exponent == 0) // zero or subnormal
    magnitude = std::ldexp(static_cast<float>(mantissa),
                           1 - format.bias - format.mantissaBits);
  else
    magnitude =
        std::ldexp(static_cast<float>(mantissa | (1 << format.mantissaBits)),
                   exponent - format.bias - format.mantissaBits);
  return negative ? -magnitude : magnitude;
}

/// The 8-bit float bits nearest to `value`, ties to even, saturating: a
/// magnitude past the largest finite value (infinity too) becomes the
/// largest finite value of its sign, and NaN the positive NaN 0x7f, as the
/// GPU's cvt.rn.satfinite does.
inline uint8_t floatToFloat8Bits(float value, Float8Format format) {
  if (std::isnan(value))
    return 0x7f;
  uint8_t sign = std::signbit(value) ? 0x80 : 0;
  float magnitude = std::fabs(value);
  float largest = float8BitsToFloat(format.largestFinite, format);
  if (magnitude >= largest)
    return sign | format.largestFinite;
  if (magnitude == 0.0f)
    return sign;
  // The spacing of representable values at this magnitude; below the
  // smallest normal, the subnormals' fixed spacing.
  int exponent = std::max(std::ilogb(magnitude), 1 - format.bias);
  float spacing = std::ldexp(1.0f, exponent - format.mantissaBits);
  float rounded = std::rint(magnitude / spacing) * spacing; // ties to even
  if (rounded >= largest)
    return sign | format.largestFinite;
  if (rounded == 0.0f)
    return sign;
  int roundedExponent = std::ilogb(rounded);
  if (roundedExponent < 1 - format.bias) // subnormal: the spacing's count
    return sign | static_cast<uint8_t>(rounded / spacing);
  int mantissa = static_cast<int>(
      std::ldexp(rounded, format.mantissaBits - roundedExponent));
  return sign | static_cast<uint8_t>(
                    ((roundedExponent + format.bias) << format.mantissaBits) |
                    (mantissa - (1 << format.mantissaBits)));
}
} // namespace detail

/// 8-bit float with 4 exponent and 3 mantissa bits (OCP FP8 E4M3, "fn":
/// no infinities, largest finite 448), stored as its bits. A storage type:
/// kernels load, store, select and move it, and cast it to compute.
/// Converting from float rounds to nearest even and saturates at +-448; NaN
/// stays NaN.
struct f8e4m3 {
  /// The encoding: sign, 4 exponent bits (bias 7), 3 mantissa bits.
  uint8_t bits = 0;

  /// Positive zero.
  constexpr f8e4m3() = default;
  /// The f8e4m3 nearest to `value`, ties to even, saturating.
  explicit f8e4m3(float value)
      : bits(detail::floatToFloat8Bits(value, detail::kE4M3)) {}
  /// The exact float value.
  explicit operator float() const {
    return detail::float8BitsToFloat(bits, detail::kE4M3);
  }
  /// The f8e4m3 with these bits.
  static constexpr f8e4m3 fromBits(uint8_t bits) {
    f8e4m3 value;
    value.bits = bits;
    return value;
  }
};

/// 8-bit float with 5 exponent and 2 mantissa bits (OCP FP8 E5M2: with
/// infinities, largest finite 57344), stored as its bits. A storage type,
/// as f8e4m3. Converting from float rounds to nearest even and saturates at
/// +-57344 (infinities too); NaN stays NaN.
struct f8e5m2 {
  /// The encoding: sign, 5 exponent bits (bias 15), 2 mantissa bits.
  uint8_t bits = 0;

  /// Positive zero.
  constexpr f8e5m2() = default;
  /// The f8e5m2 nearest to `value`, ties to even, saturating.
  explicit f8e5m2(float value)
      : bits(detail::floatToFloat8Bits(value, detail::kE5M2)) {}
  /// The exact float value.
  explicit operator float() const {
    return detail::float8BitsToFloat(bits, detail::kE5M2);
  }
  /// The f8e5m2 with these bits.
  static constexpr f8e5m2 fromBits(uint8_t bits) {
    f8e5m2 value;
    value.bits = bits;
    return value;
  }
};

static_assert(sizeof(f16) == 2 && sizeof(bf16) == 2);
static_assert(sizeof(f8e4m3) == 1 && sizeof(f8e5m2) == 1);
static_assert(std::is_trivially_copyable_v<f16> &&
              std::is_trivially_copyable_v<bf16> &&
              std::is_trivially_copyable_v<f8e4m3> &&
              std::is_trivially_copyable_v<f8e5m2>);

namespace detail {
/// Whether T is f16 or bf16, which host mode computes in float.
template <class T>
inline constexpr bool isHalf =
    std::is_same_v<T, f16> || std::is_same_v<T, bf16>;

/// Whether T is f8e4m3 or f8e5m2: storage types, which kernels cast to
/// compute with.
template <class T>
inline constexpr bool isFloat8 =
    std::is_same_v<T, f8e4m3> || std::is_same_v<T, f8e5m2>;

/// Whether T is an integer element type (int8_t, int16_t, int32_t,
/// int64_t, uint8_t, uint16_t, uint32_t, uint64_t).
template <class T>
inline constexpr bool isIntegerElement =
    std::is_same_v<T, int8_t> || std::is_same_v<T, int16_t> ||
    std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t> ||
    std::is_same_v<T, uint8_t> || std::is_same_v<T, uint16_t> ||
    std::is_same_v<T, uint32_t> || std::is_same_v<T, uint64_t>;

/// Whether T is a float element type that kernels compute with (float,
/// double, f16, bf16).
template <class T>
inline constexpr bool isFloatElement =
    std::is_same_v<T, float> || std::is_same_v<T, double> || isHalf<T>;

/// Whether T is an element type of the kernel language: the float and
/// integer types, the 8-bit float storage types and bool.
template <class T>
inline constexpr bool isElement = isFloatElement<T> || isIntegerElement<T> ||
                                  isFloat8<T> || std::is_same_v<T, bool>;

/// The type host mode computes T in: float for f16, bf16 and the 8-bit
/// floats, else T (double computes in double).
template <class T>
using ComputeType = std::conditional_t<isHalf<T> || isFloat8<T>, float, T>;

/// `value` in its compute type. Every computation on elements starts here,
/// so that computing with an 8-bit float stops at one clear assertion.
template <class T> constexpr ComputeType<T> widen(T value) {
  static_assert(!isFloat8<T>,
                "8-bit floats (tile::f8e4m3, tile::f8e5m2) are a storage "
                "type: cast them to compute (tile::cast<float>(t))");
  return static_cast<ComputeType<T>>(value);
}

/// A compute-type value rounded back to T.
template <class T> constexpr T narrow(ComputeType<T> value) {
  return static_cast<T>(value);
}
} // namespace detail

} // namespace tile

#endif // TILE_KERNEL_SCALAR_TYPES_H
