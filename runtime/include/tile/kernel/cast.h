//===- cast.h - Element type conversion of tiles ----------------*- C++ -*-===//
//
// tile::cast<U>(t) converts every element of t to element type U, with the
// rounding and saturation the GPU's conversion instructions use.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_CAST_H
#define TILE_KERNEL_CAST_H

#include "tile/kernel/elementwise.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace tile {

namespace detail {
/// `value` rounded to float with round-to-odd (truncate, then set the lowest
/// mantissa bit if anything was dropped). Rounding that float to nearest
/// even at 22 or fewer mantissa bits equals rounding `value` directly, so
/// integers reach f16 and bf16 with a single rounding.
template <class I> float toFloatRoundToOdd(I value) {
  using U = std::make_unsigned_t<I>;
  U magnitude = value < 0 ? static_cast<U>(U(0) - static_cast<U>(value))
                          : static_cast<U>(value);
  if (magnitude < (U(1) << 24))
    return static_cast<float>(value); // exact
  int shift = static_cast<int>(std::bit_width(magnitude)) - 24;
  U kept = magnitude >> shift;
  if (magnitude & ((U(1) << shift) - 1))
    kept |= 1;
  float rounded = std::ldexp(static_cast<float>(kept), shift); // exact
  return value < 0 ? -rounded : rounded;
}

/// `value` rounded to float with round-to-odd, as toFloatRoundToOdd does for
/// integers, so that a double reaches f16 and bf16 with a single rounding.
inline float toFloatRoundToOdd(double value) {
  float nearest = static_cast<float>(value);
  if (std::isnan(value) || static_cast<double>(nearest) == value)
    return nearest;
  float truncated = std::fabs(static_cast<double>(nearest)) > std::fabs(value)
                        ? std::nextafter(nearest, 0.0f)
                        : nearest;
  return std::bit_cast<float>(std::bit_cast<uint32_t>(truncated) | 1u);
}

/// One element converted by the kernel language's cast rules.
template <class U, class T> U convertElement(T value) {
  if constexpr (std::is_same_v<U, T>) {
    return value;
  } else if constexpr (isFloat8<T>) {
    return convertElement<U>(static_cast<float>(value)); // exact in float
  } else if constexpr (isFloat8<U>) {
    // Through float: from integers rounded there first.
    return U(convertElement<float>(value));
  } else if constexpr (std::is_same_v<U, bool>) {
    return widen(value) != 0; // NaN converts to true
  } else if constexpr (std::is_same_v<T, bool>) {
    return value ? narrow<U>(1) : narrow<U>(0);
  } else if constexpr (isIntegerElement<U> && isFloatElement<T>) {
    // Truncate toward zero and saturate; NaN becomes 0.
    using C = ComputeType<T>;
    C wide = widen(value);
    if (std::isnan(wide))
      return 0;
    if (wide <= static_cast<C>(std::numeric_limits<U>::min()))
      return std::numeric_limits<U>::min();
    if (wide >= static_cast<C>(std::numeric_limits<U>::max()))
      return std::numeric_limits<U>::max(); // max + 1 as a float
    return static_cast<U>(wide);
  } else if constexpr (isHalf<U> &&
                       (isIntegerElement<T> || std::is_same_v<T, double>)) {
    return U(toFloatRoundToOdd(value));
  } else if constexpr (isHalf<U>) {
    return U(widen(value)); // from float, f16 or bf16: exact, then rounded
  } else {
    // To float and double (from narrower floats exactly, from integers and
    // from double to nearest even) and between integers (int64_t to int32_t
    // keeps the low 32 bits).
    return static_cast<U>(widen(value));
  }
}
} // namespace detail

/// Element-wise conversion to element type U: to f16, bf16 and float (and
/// from integers to double) to nearest even, once; to f8e4m3 and f8e5m2
/// through float,
/// to nearest even, saturating at their largest finite value; from floats to
/// integers toward zero, saturating, with NaN to 0; to bool as value != 0;
/// from bool to 0 or 1; to a narrower integer by keeping the low bits.
/// `auto h = tile::cast<tile::f16>(x);`
template <class U, class T, int... S>
Tile<U, S...> cast(const Tile<T, S...> &a) {
  static_assert(detail::isElement<U>,
                "tile::cast<U>: U must be float, double, tile::f16, "
                "tile::bf16, tile::f8e4m3, tile::f8e5m2, int8_t, int16_t, "
                "int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t or "
                "bool");
  return detail::map<U>(a, [](T x) { return detail::convertElement<U>(x); });
}

/// Element-wise reinterpretation of the bits as element type U, of the same
/// width (double and int64_t, float and int32_t, tile::f16, tile::bf16 and
/// int16_t, tile::f8e4m3, tile::f8e5m2 and int8_t; not bool): the sign,
/// exponent and mantissa of a float as an integer, or back:
/// `auto magnitudeBits = tile::bitcast<int32_t>(x) & 0x7fffffff;`
template <class U, class T, int... S>
Tile<U, S...> bitcast(const Tile<T, S...> &a) {
  static_assert(sizeof(U) == sizeof(T),
                "tile::bitcast<U>: U must have the width of the tile's "
                "elements (double and int64_t; float and int32_t; tile::f16, "
                "tile::bf16 and int16_t; tile::f8e4m3, tile::f8e5m2 and "
                "int8_t)");
  static_assert(!std::is_same_v<U, bool> && !std::is_same_v<T, bool>,
                "tile::bitcast<U>: bool elements have no bit layout of their "
                "own; compare or select instead");
  return detail::map<U>(a, [](T x) { return std::bit_cast<U>(x); });
}

} // namespace tile

#endif // TILE_KERNEL_CAST_H
