//===- elementwise.h - Element-wise operations on tiles ---------*- C++ -*-===//
//
// Host mode computes f16 and bf16 in float and rounds after every
// operation, as the GPU does.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_ELEMENTWISE_H
#define TILE_KERNEL_ELEMENTWISE_H

#include "tile/kernel/scalar_types.h"
#include "tile/kernel/tile.h"

#include <cmath>
#include <limits>
#include <type_traits>

namespace tile {

namespace detail {
template <class R, class T, int... S, class F>
Tile<R, S...> map(const Tile<T, S...> &a, F f) {
  Tile<R, S...> result;
  for (int i = 0; i < result.size; ++i)
    result[i] = f(a[i]);
  return result;
}

template <class R, class T, int... S, class F>
Tile<R, S...> zip(const Tile<T, S...> &a, const Tile<T, S...> &b, F f) {
  Tile<R, S...> result;
  for (int i = 0; i < result.size; ++i)
    result[i] = f(a[i], b[i]);
  return result;
}

/// Applies a float (or integer) function in T's compute type.
template <class T, int... S, class F>
Tile<T, S...> mapCompute(const Tile<T, S...> &a, F f) {
  return map<T>(a, [&](T x) { return narrow<T>(f(widen(x))); });
}

template <class T, int... S, class F>
Tile<T, S...> zipCompute(const Tile<T, S...> &a, const Tile<T, S...> &b,
                         F f) {
  return zip<T>(a, b, [&](T x, T y) { return narrow<T>(f(widen(x), widen(y))); });
}

template <class T> bool isNaN(T value) {
  if constexpr (std::is_floating_point_v<ComputeType<T>>)
    return std::isnan(widen(value));
  else
    return false;
}
} // namespace detail

/// Element-wise arithmetic between two tiles, or a tile and a scalar of its
/// element type.
#define TILE_BINARY_OPERATOR(op)                                               \
  template <class T, int... S>                                                 \
  Tile<T, S...> operator op(const Tile<T, S...> &a, const Tile<T, S...> &b) {  \
    return detail::zipCompute(a, b, [](auto x, auto y) { return x op y; });    \
  }                                                                            \
  template <class T, int... S>                                                 \
  Tile<T, S...> operator op(const Tile<T, S...> &a,                            \
                            std::type_identity_t<T> b) {                       \
    return a op full<T, S...>(b);                                              \
  }                                                                            \
  template <class T, int... S>                                                 \
  Tile<T, S...> operator op(std::type_identity_t<T> a,                         \
                            const Tile<T, S...> &b) {                          \
    return full<T, S...>(a) op b;                                              \
  }
TILE_BINARY_OPERATOR(+)
TILE_BINARY_OPERATOR(-)
TILE_BINARY_OPERATOR(*)
TILE_BINARY_OPERATOR(/)
#undef TILE_BINARY_OPERATOR

/// Integer remainder, with the sign of the dividend.
template <class T, int... S>
Tile<T, S...> operator%(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  static_assert(std::is_integral_v<T>, "% needs integer tiles");
  return detail::zip<T>(a, b, [](T x, T y) { return x % y; });
}
template <class T, int... S>
Tile<T, S...> operator%(const Tile<T, S...> &a, std::type_identity_t<T> b) {
  return a % full<T, S...>(b);
}

/// Element-wise negation.
template <class T, int... S> Tile<T, S...> operator-(const Tile<T, S...> &a) {
  return detail::mapCompute(a, [](auto x) { return -x; });
}

/// Element-wise comparisons; floats compare ordered (false on NaN, except
/// != which is true).
#define TILE_COMPARISON(op)                                                    \
  template <class T, int... S>                                                 \
  Tile<bool, S...> operator op(const Tile<T, S...> &a,                         \
                               const Tile<T, S...> &b) {                       \
    return detail::zip<bool>(a, b, [](T x, T y) {                              \
      return detail::widen(x) op detail::widen(y);                             \
    });                                                                        \
  }                                                                            \
  template <class T, int... S>                                                 \
  Tile<bool, S...> operator op(const Tile<T, S...> &a,                         \
                               std::type_identity_t<T> b) {                    \
    return a op full<T, S...>(b);                                              \
  }
TILE_COMPARISON(==)
TILE_COMPARISON(!=)
TILE_COMPARISON(<)
TILE_COMPARISON(<=)
TILE_COMPARISON(>)
TILE_COMPARISON(>=)
#undef TILE_COMPARISON

/// Element-wise choice: a where c holds, else b.
template <class T, int... S>
Tile<T, S...> select(const Tile<bool, S...> &c, const Tile<T, S...> &a,
                     const Tile<T, S...> &b) {
  Tile<T, S...> result;
  for (int i = 0; i < result.size; ++i)
    result[i] = c[i] ? a[i] : b[i];
  return result;
}

/// Element-wise math on float tiles.
#define TILE_FLOAT_FUNCTION(name, expression)                                  \
  template <class T, int... S> Tile<T, S...> name(const Tile<T, S...> &a) {    \
    static_assert(std::is_floating_point_v<detail::ComputeType<T>>,            \
                  #name " needs a float tile");                                \
    return detail::mapCompute(a, [](float x) { return expression; });          \
  }
TILE_FLOAT_FUNCTION(exp, std::exp(x))
TILE_FLOAT_FUNCTION(exp2, std::exp2(x))
TILE_FLOAT_FUNCTION(log, std::log(x))
TILE_FLOAT_FUNCTION(sqrt, std::sqrt(x))
TILE_FLOAT_FUNCTION(rsqrt, 1.0f / std::sqrt(x))
TILE_FLOAT_FUNCTION(tanh, std::tanh(x))
TILE_FLOAT_FUNCTION(sin, std::sin(x))
TILE_FLOAT_FUNCTION(cos, std::cos(x))
#undef TILE_FLOAT_FUNCTION

/// Element-wise absolute value.
template <class T, int... S> Tile<T, S...> abs(const Tile<T, S...> &a) {
  return detail::mapCompute(a, [](auto x) { return x < 0 ? -x : x; });
}

/// Element-wise maximum; NaN if either element is NaN.
template <class T, int... S>
Tile<T, S...> max(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  return detail::zip<T>(a, b, [](T x, T y) {
    if (detail::isNaN(x))
      return x;
    if (detail::isNaN(y))
      return y;
    return detail::widen(x) < detail::widen(y) ? y : x;
  });
}

/// Element-wise minimum; NaN if either element is NaN.
template <class T, int... S>
Tile<T, S...> min(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  return detail::zip<T>(a, b, [](T x, T y) {
    if (detail::isNaN(x))
      return x;
    if (detail::isNaN(y))
      return y;
    return detail::widen(y) < detail::widen(x) ? y : x;
  });
}

/// Element-wise a * b + c, rounded once.
template <class T, int... S>
Tile<T, S...> fma(const Tile<T, S...> &a, const Tile<T, S...> &b,
                  const Tile<T, S...> &c) {
  Tile<T, S...> result;
  for (int i = 0; i < result.size; ++i)
    result[i] = detail::narrow<T>(std::fma(
        detail::widen(a[i]), detail::widen(b[i]), detail::widen(c[i])));
  return result;
}

namespace detail {
/// One element converted by the kernel language's cast rules.
template <class U, class T> U convertElement(T value) {
  auto wide = widen(value);
  if constexpr (std::is_same_v<U, bool>) {
    return wide != 0;
  } else if constexpr (std::is_integral_v<U> &&
                       std::is_floating_point_v<decltype(wide)>) {
    // Truncates toward zero and saturates, NaN to zero, as the GPU does.
    if (std::isnan(wide))
      return 0;
    if (wide <= static_cast<decltype(wide)>(std::numeric_limits<U>::min()))
      return std::numeric_limits<U>::min();
    if (wide >= static_cast<decltype(wide)>(std::numeric_limits<U>::max()))
      return std::numeric_limits<U>::max();
    return static_cast<U>(wide);
  } else if constexpr (isHalf<U>) {
    return U(static_cast<float>(wide));
  } else {
    return static_cast<U>(wide);
  }
}
} // namespace detail

/// Element-wise conversion to element type U.
template <class U, class T, int... S> Tile<U, S...> cast(const Tile<T, S...> &a) {
  return detail::map<U>(a, [](T x) { return detail::convertElement<U>(x); });
}

} // namespace tile

#endif // TILE_KERNEL_ELEMENTWISE_H
