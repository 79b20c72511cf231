//===- math.h - Element-wise math functions on tiles ------------*- C++ -*-===//
//
// exp, exp2, log, sqrt, rsqrt, tanh, sin, cos, abs, max, min and fma, element
// by element. Host mode computes f16 and bf16 in float with the C library and
// rounds once per function (double computes in double); the GPU's results may
// differ in the last bits for the transcendental functions.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_MATH_H
#define TILE_KERNEL_MATH_H

#include "tile/kernel/elementwise.h"

#include <cmath>
#include <limits>
#include <type_traits>

namespace tile {

namespace detail {
/// Float element types (float, double, f16, bf16); the 8-bit floats are
/// admitted only to stop at widen's assertion, which says what to do.
template <class T>
concept FloatElement = isFloatElement<T> || isFloat8<T>;

/// IEEE 754-2019 maximum of two compute values: NaN if either is NaN, and
/// +0 is larger than -0.
template <class C> C maximum(C x, C y) {
  if constexpr (std::is_floating_point_v<C>) {
    if (std::isnan(x) || std::isnan(y))
      return std::numeric_limits<C>::quiet_NaN();
    if (x == y)
      return std::signbit(x) ? y : x;
  }
  return x < y ? y : x;
}

/// IEEE 754-2019 minimum of two compute values: NaN if either is NaN, and
/// -0 is smaller than +0.
template <class C> C minimum(C x, C y) {
  if constexpr (std::is_floating_point_v<C>) {
    if (std::isnan(x) || std::isnan(y))
      return std::numeric_limits<C>::quiet_NaN();
    if (x == y)
      return std::signbit(x) ? x : y;
  }
  return y < x ? y : x;
}
} // namespace detail

/// Element-wise math on float tiles (float, double, f16, bf16), each computed
/// in float (double in double) and rounded once: `auto e = tile::exp(x);`
#define TILE_FLOAT_FUNCTION(name, expression)                                  \
  template <detail::FloatElement T, int... S>                                  \
  Tile<T, S...> name(const Tile<T, S...> &a) {                                 \
    return detail::mapCompute(a, [](auto x) { return expression; });           \
  }
/// e^x.
TILE_FLOAT_FUNCTION(exp, std::exp(x))
/// 2^x.
TILE_FLOAT_FUNCTION(exp2, std::exp2(x))
/// The natural logarithm.
TILE_FLOAT_FUNCTION(log, std::log(x))
/// The square root.
TILE_FLOAT_FUNCTION(sqrt, std::sqrt(x))
/// 1 / sqrt(x), both steps in the compute type.
TILE_FLOAT_FUNCTION(rsqrt, decltype(x)(1) / std::sqrt(x))
/// The hyperbolic tangent.
TILE_FLOAT_FUNCTION(tanh, std::tanh(x))
/// The sine (radians).
TILE_FLOAT_FUNCTION(sin, std::sin(x))
/// The cosine (radians).
TILE_FLOAT_FUNCTION(cos, std::cos(x))
/// The tangent (radians).
TILE_FLOAT_FUNCTION(tan, std::tan(x))
/// The hyperbolic sine.
TILE_FLOAT_FUNCTION(sinh, std::sinh(x))
/// The hyperbolic cosine.
TILE_FLOAT_FUNCTION(cosh, std::cosh(x))
/// The error function.
TILE_FLOAT_FUNCTION(erf, std::erf(x))
/// The base-2 logarithm.
TILE_FLOAT_FUNCTION(log2, std::log2(x))
/// The largest integer not above x.
TILE_FLOAT_FUNCTION(floor, std::floor(x))
/// The smallest integer not below x.
TILE_FLOAT_FUNCTION(ceil, std::ceil(x))
/// The nearest integer, halfway cases away from zero (2.5 to 3, -2.5 to -3).
TILE_FLOAT_FUNCTION(round, std::round(x))
/// The integer part, rounded toward zero.
TILE_FLOAT_FUNCTION(trunc, std::trunc(x))
#undef TILE_FLOAT_FUNCTION

/// Element-wise math of two float tiles (or a tile and a scalar of its
/// element type), in float (double in double) and rounded once:
/// `tile::pow(x, 2.0f)`.
#define TILE_FLOAT_FUNCTION2(name, expression)                                 \
  template <detail::FloatElement T, int... S>                                  \
  Tile<T, S...> name(const Tile<T, S...> &a, const Tile<T, S...> &b) {         \
    return detail::zipCompute(a, b,                                            \
                              [](auto x, auto y) { return expression; });      \
  }                                                                            \
  template <detail::FloatElement T, int... S, detail::ScalarOf<T> U>           \
  Tile<T, S...> name(const Tile<T, S...> &a, U b) {                            \
    return name(a, full<T, S...>(b));                                          \
  }                                                                            \
  template <detail::FloatElement T, int... S, detail::ScalarOf<T> U>           \
  Tile<T, S...> name(U a, const Tile<T, S...> &b) {                            \
    return name(full<T, S...>(a), b);                                          \
  }
/// x raised to the power y.
TILE_FLOAT_FUNCTION2(pow, std::pow(x, y))
/// The arc tangent of x / y in (-pi, pi], by the signs of both.
TILE_FLOAT_FUNCTION2(atan2, std::atan2(x, y))
/// The remainder of x / y with the sign of x, as C's fmod.
TILE_FLOAT_FUNCTION2(fmod, std::fmod(x, y))
#undef TILE_FLOAT_FUNCTION2

/// Element-wise absolute value; abs(-0.0f) is +0, and integers wrap (the
/// absolute value of the smallest integer is itself): `tile::abs(x)`.
template <detail::ArithmeticElement T, int... S>
Tile<T, S...> abs(const Tile<T, S...> &a) {
  if constexpr (detail::isIntegerElement<T>)
    return detail::map<T>(
        a, [](T x) { return x < 0 ? detail::wrappingSub(T(0), x) : x; });
  else
    return detail::mapCompute(a, [](auto x) { return std::fabs(x); });
}

/// Element-wise maximum; NaN if either element is NaN, and +0 > -0:
/// `tile::max(x, y)`.
template <detail::ArithmeticElement T, int... S>
Tile<T, S...> max(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  return detail::zipCompute(
      a, b, [](auto x, auto y) { return detail::maximum(x, y); });
}

/// Element-wise minimum; NaN if either element is NaN, and -0 < +0:
/// `tile::min(x, y)`.
template <detail::ArithmeticElement T, int... S>
Tile<T, S...> min(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  return detail::zipCompute(
      a, b, [](auto x, auto y) { return detail::minimum(x, y); });
}

/// Element-wise a * b + c with a single rounding (f16 and bf16: a float fma,
/// then rounded to the type): `tile::fma(x, w, bias)`.
template <detail::FloatElement T, int... S>
Tile<T, S...> fma(const Tile<T, S...> &a, const Tile<T, S...> &b,
                  const Tile<T, S...> &c) {
  Tile<T, S...> result;
  for (int i = 0; i < result.size; ++i)
    result[i] = detail::narrow<T>(std::fma(
        detail::widen(a[i]), detail::widen(b[i]), detail::widen(c[i])));
  return result;
}

} // namespace tile

#endif // TILE_KERNEL_MATH_H
