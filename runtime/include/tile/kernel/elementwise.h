//===- elementwise.h - Arithmetic, comparisons and select -------*- C++ -*-===//
//
// Operators on tiles, element by element: between two tiles of the same type
// and shape, or a tile and a scalar of exactly the tile's element type.
// Bool tiles are masks, combined with & | ^ && || and !.
// Host mode computes f16 and bf16 in float and rounds after every operation;
// integer arithmetic wraps around (two's complement), as on the GPU.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_ELEMENTWISE_H
#define TILE_KERNEL_ELEMENTWISE_H

#include "tile/kernel/scalar_types.h"
#include "tile/kernel/tile.h"

#include <concepts>
#include <stdexcept>
#include <type_traits>

namespace tile {

namespace detail {
/// The tile of f(a[i]) for every element i.
template <class R, class T, int... S, class F>
Tile<R, S...> map(const Tile<T, S...> &a, F f) {
  Tile<R, S...> result;
  for (int i = 0; i < result.size; ++i)
    result[i] = f(a[i]);
  return result;
}

/// The tile of f(a[i], b[i]) for every element i.
template <class R, class T, int... S, class F>
Tile<R, S...> zip(const Tile<T, S...> &a, const Tile<T, S...> &b, F f) {
  Tile<R, S...> result;
  for (int i = 0; i < result.size; ++i)
    result[i] = f(a[i], b[i]);
  return result;
}

/// Applies `f` to each element in T's compute type and rounds back to T.
template <class T, int... S, class F>
Tile<T, S...> mapCompute(const Tile<T, S...> &a, F f) {
  return map<T>(a, [&](T x) { return narrow<T>(f(widen(x))); });
}

/// Applies `f` to pairs of elements in T's compute type, rounding to T.
template <class T, int... S, class F>
Tile<T, S...> zipCompute(const Tile<T, S...> &a, const Tile<T, S...> &b, F f) {
  return zip<T>(a, b,
                [&](T x, T y) { return narrow<T>(f(widen(x), widen(y))); });
}

/// The unsigned type integer arithmetic on T wraps in: at least unsigned
/// int, since narrower types promote to (signed) int, where a product of
/// two 16-bit values overflows.
template <class T>
using WrappingType = std::common_type_t<std::make_unsigned_t<T>, unsigned>;

/// Integer arithmetic that wraps around instead of overflowing.
template <class T> T wrappingAdd(T x, T y) {
  using U = WrappingType<T>;
  return static_cast<T>(static_cast<U>(x) + static_cast<U>(y));
}
template <class T> T wrappingSub(T x, T y) {
  using U = WrappingType<T>;
  return static_cast<T>(static_cast<U>(x) - static_cast<U>(y));
}
template <class T> T wrappingMul(T x, T y) {
  using U = WrappingType<T>;
  return static_cast<T>(static_cast<U>(x) * static_cast<U>(y));
}

/// Integer quotient, truncated toward zero (min / -1 wraps to min).
template <class T> T integerDivide(T x, T y) {
  if (y == 0)
    throw std::domain_error("tile: integer division by zero");
  if constexpr (std::is_signed_v<T>)
    if (y == -1)
      return wrappingSub(T(0), x);
  return static_cast<T>(x / y);
}

/// Integer remainder with the sign of the dividend (min % -1 is 0).
template <class T> T integerRemainder(T x, T y) {
  if (y == 0)
    throw std::domain_error("tile: integer remainder by zero");
  if constexpr (std::is_signed_v<T>)
    if (y == -1)
      return 0;
  return static_cast<T>(x % y);
}

/// Element types on which + - * / and unary - are defined; the 8-bit floats
/// are admitted only to stop at widen's assertion, which says what to do.
template <class T>
concept ArithmeticElement =
    isFloatElement<T> || isIntegerElement<T> || isFloat8<T>;

/// Element types on which % is defined.
template <class T>
concept IntegerElement = isIntegerElement<T>;

/// Element types on which & | ^ are defined: integers, and bool as logic.
template <class T>
concept BitElement = isIntegerElement<T> || std::same_as<T, bool>;

/// x << count for every count: one outside [0, bits) shifts every bit out.
template <class T> T shiftLeft(T x, T count) {
  using U = std::make_unsigned_t<T>;
  if (static_cast<U>(count) >= sizeof(T) * 8)
    return 0;
  return static_cast<T>(static_cast<U>(x) << count);
}

/// x >> count, shifting in the sign of a signed x and zeros into an
/// unsigned one, for every count: one outside [0, bits) leaves only the
/// sign (0 or -1), or 0 for an unsigned x.
template <class T> T shiftRight(T x, T count) {
  using U = std::make_unsigned_t<T>;
  if (static_cast<U>(count) >= sizeof(T) * 8) {
    if constexpr (std::is_unsigned_v<T>)
      return 0;
    count = sizeof(T) * 8 - 1;
  }
  return static_cast<T>(x >> count);
}

/// A scalar operand of a tile operation: exactly the tile's element type T
/// (write float(2.0) or tile::f16(2.0f) to convert one first).
template <class U, class T>
concept ScalarOf = std::same_as<U, T>;
} // namespace detail

/// Element-wise sum: `a + b`, `a + 1.0f`, `1.0f + a`.
template <detail::ArithmeticElement T, int... S>
Tile<T, S...> operator+(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  if constexpr (detail::isIntegerElement<T>)
    return detail::zip<T>(a, b, detail::wrappingAdd<T>);
  else
    return detail::zipCompute(a, b, [](auto x, auto y) { return x + y; });
}

/// Element-wise difference: `a - b`, `a - 1.0f`, `1.0f - a`.
template <detail::ArithmeticElement T, int... S>
Tile<T, S...> operator-(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  if constexpr (detail::isIntegerElement<T>)
    return detail::zip<T>(a, b, detail::wrappingSub<T>);
  else
    return detail::zipCompute(a, b, [](auto x, auto y) { return x - y; });
}

/// Element-wise product: `a * b`, `a * 2.0f`, `2.0f * a`.
template <detail::ArithmeticElement T, int... S>
Tile<T, S...> operator*(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  if constexpr (detail::isIntegerElement<T>)
    return detail::zip<T>(a, b, detail::wrappingMul<T>);
  else
    return detail::zipCompute(a, b, [](auto x, auto y) { return x * y; });
}

/// Element-wise quotient; integers truncate toward zero (host mode throws
/// std::domain_error on an integer division by zero): `a / b`, `a / 2.0f`.
template <detail::ArithmeticElement T, int... S>
Tile<T, S...> operator/(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  if constexpr (detail::isIntegerElement<T>)
    return detail::zip<T>(a, b, detail::integerDivide<T>);
  else
    return detail::zipCompute(a, b, [](auto x, auto y) { return x / y; });
}

/// Element-wise integer remainder with the sign of the dividend (host mode
/// throws std::domain_error on a remainder by zero): `i % 3`.
template <detail::IntegerElement T, int... S>
Tile<T, S...> operator%(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  return detail::zip<T>(a, b, detail::integerRemainder<T>);
}

/// Element-wise bitwise and, or and exclusive or of integer tiles; on bool
/// tiles the logic of masks: `a & b`, `(x > 0.0f) | (x < -1.0f)`, `m ^ true`.
template <detail::BitElement T, int... S>
Tile<T, S...> operator&(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  return detail::zip<T>(a, b, [](T x, T y) -> T { return x & y; });
}
template <detail::BitElement T, int... S>
Tile<T, S...> operator|(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  return detail::zip<T>(a, b, [](T x, T y) -> T { return x | y; });
}
template <detail::BitElement T, int... S>
Tile<T, S...> operator^(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  return detail::zip<T>(a, b, [](T x, T y) -> T { return x ^ y; });
}

/// Element-wise logical and and or of bool tiles. Both sides are computed,
/// as for any overloaded operator: `(i >= 0) && (i < n)`.
template <int... S>
Tile<bool, S...> operator&&(const Tile<bool, S...> &a,
                            const Tile<bool, S...> &b) {
  return a & b;
}
template <int... S>
Tile<bool, S...> operator||(const Tile<bool, S...> &a,
                            const Tile<bool, S...> &b) {
  return a | b;
}

/// Element-wise shifts of integer tiles; >> shifts in the sign. A count
/// outside [0, bits) shifts every bit out: << gives 0 and >> the sign (0 or
/// -1), on the GPU as in host mode: `x << 4`, `bits >> lanes`.
template <detail::IntegerElement T, int... S>
Tile<T, S...> operator<<(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  return detail::zip<T>(a, b, detail::shiftLeft<T>);
}
template <detail::IntegerElement T, int... S>
Tile<T, S...> operator>>(const Tile<T, S...> &a, const Tile<T, S...> &b) {
  return detail::zip<T>(a, b, detail::shiftRight<T>);
}

/// Tile-scalar and scalar-tile forms of + - * / % & | ^ << and >>: the
/// scalar is splatted to the tile's shape.
#define TILE_SCALAR_OPERATORS(op, Element)                                     \
  template <Element T, int... S, detail::ScalarOf<T> U>                        \
  Tile<T, S...> operator op(const Tile<T, S...> &a, U b) {                     \
    return a op full<T, S...>(b);                                              \
  }                                                                            \
  template <Element T, int... S, detail::ScalarOf<T> U>                        \
  Tile<T, S...> operator op(U a, const Tile<T, S...> &b) {                     \
    return full<T, S...>(a) op b;                                              \
  }
TILE_SCALAR_OPERATORS(+, detail::ArithmeticElement)
TILE_SCALAR_OPERATORS(-, detail::ArithmeticElement)
TILE_SCALAR_OPERATORS(*, detail::ArithmeticElement)
TILE_SCALAR_OPERATORS(/, detail::ArithmeticElement)
TILE_SCALAR_OPERATORS(%, detail::IntegerElement)
TILE_SCALAR_OPERATORS(&, detail::BitElement)
TILE_SCALAR_OPERATORS(|, detail::BitElement)
TILE_SCALAR_OPERATORS(^, detail::BitElement)
TILE_SCALAR_OPERATORS(<<, detail::IntegerElement)
TILE_SCALAR_OPERATORS(>>, detail::IntegerElement)
#undef TILE_SCALAR_OPERATORS

/// Element-wise complement of an integer tile: `~bits`.
template <detail::IntegerElement T, int... S>
Tile<T, S...> operator~(const Tile<T, S...> &a) {
  return detail::map<T>(a, [](T x) -> T { return ~x; });
}

/// Element-wise negation of a bool tile: `!(x > 0.0f)`.
template <int... S> Tile<bool, S...> operator!(const Tile<bool, S...> &a) {
  return detail::map<bool>(a, [](bool x) { return !x; });
}

/// Element-wise negation: `-a`.
template <detail::ArithmeticElement T, int... S>
Tile<T, S...> operator-(const Tile<T, S...> &a) {
  if constexpr (detail::isIntegerElement<T>)
    return detail::map<T>(a, [](T x) { return detail::wrappingSub(T(0), x); });
  else
    return detail::mapCompute(a, [](auto x) { return -x; });
}

/// Element-wise comparisons giving bool tiles; floats compare ordered (false
/// when either side is NaN, except != which is then true). Tile-tile,
/// tile-scalar and scalar-tile: `a < b`, `a >= 0.0f`.
#define TILE_COMPARISON(op)                                                    \
  template <class T, int... S>                                                 \
  Tile<bool, S...> operator op(const Tile<T, S...> &a,                         \
                               const Tile<T, S...> &b) {                       \
    return detail::zip<bool>(                                                  \
        a, b, [](T x, T y) { return detail::widen(x) op detail::widen(y); });  \
  }                                                                            \
  template <class T, int... S, detail::ScalarOf<T> U>                          \
  Tile<bool, S...> operator op(const Tile<T, S...> &a, U b) {                  \
    return a op full<T, S...>(b);                                              \
  }                                                                            \
  template <class T, int... S, detail::ScalarOf<T> U>                          \
  Tile<bool, S...> operator op(U a, const Tile<T, S...> &b) {                  \
    return full<T, S...>(a) op b;                                              \
  }
TILE_COMPARISON(==)
TILE_COMPARISON(!=)
TILE_COMPARISON(<)
TILE_COMPARISON(<=)
TILE_COMPARISON(>)
TILE_COMPARISON(>=)
#undef TILE_COMPARISON

/// Element-wise choice: a[i] where c[i] holds, else b[i]:
/// `auto relu = tile::select(x > 0.0f, x, tile::full<float, 256>(0.0f));`
template <class T, int... S>
Tile<T, S...> select(const Tile<bool, S...> &c, const Tile<T, S...> &a,
                     const Tile<T, S...> &b) {
  Tile<T, S...> result;
  for (int i = 0; i < result.size; ++i)
    result[i] = c[i] ? a[i] : b[i];
  return result;
}

} // namespace tile

#endif // TILE_KERNEL_ELEMENTWISE_H
