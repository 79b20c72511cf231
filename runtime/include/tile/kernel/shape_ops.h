//===- shape_ops.h - Broadcast, reshape, permute, reduce, dot ---*- C++ -*-===//
//
// Operations that change a tile's shape or combine its elements. Reductions
// keep the reduced axis with size 1, so results keep the input's rank.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_SHAPE_OPS_H
#define TILE_KERNEL_SHAPE_OPS_H

#include "tile/kernel/math.h"

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace tile {

/// Repeats `a` along its dimensions of size 1 to the shape To... (same rank;
/// every input dimension equals the result's or is 1):
/// `auto rows = tile::broadcast<64, 128>(rowMax);  // from 64x1`
template <int... To, class T, int... From>
Tile<T, To...> broadcast(const Tile<T, From...> &a) {
  static_assert(sizeof...(To) == sizeof...(From),
                "tile::broadcast keeps the rank; reshape first");
  static_assert(((From == To || From == 1) && ...),
                "tile::broadcast repeats only dimensions of size 1");
  using Source = detail::RowMajor<From...>;
  using Result = detail::RowMajor<To...>;
  Tile<T, To...> result;
  for (int i = 0; i < Result::size; ++i) {
    auto coords = Result::coordinates(i);
    for (int d = 0; d < Source::rank; ++d)
      if (Source::shape[d] == 1)
        coords[d] = 0;
    result[i] = a[Source::flatIndex(coords)];
  }
  return result;
}

/// The same elements, in row-major order, under the shape To... (same
/// number of elements): `auto flat = tile::reshape<2048>(block);  // 32x64`
template <int... To, class T, int... From>
Tile<T, To...> reshape(const Tile<T, From...> &a) {
  static_assert((To * ...) == (From * ...),
                "tile::reshape keeps the number of elements");
  Tile<T, To...> result;
  for (int i = 0; i < result.size; ++i)
    result[i] = a[i];
  return result;
}

namespace detail {
/// Whether Perm... lists 0, 1, ..., N-1 once each, in some order.
template <int... Perm> constexpr bool isPermutation() {
  constexpr int n = sizeof...(Perm);
  std::array<int, n> perm = {Perm...};
  std::array<bool, n> seen{};
  for (int p : perm) {
    if (p < 0 || p >= n || seen[p])
      return false;
    seen[p] = true;
  }
  return true;
}
} // namespace detail

/// Reorders dimensions: result dimension i is input dimension Perm_i, so
/// result element (c0, c1, ...) is the input element whose coordinate
/// Perm_i is c_i: `auto t = tile::permute<1, 0>(m);  // transpose`
template <int... Perm, class T, int... S> auto permute(const Tile<T, S...> &a) {
  static_assert(sizeof...(Perm) == sizeof...(S),
                "tile::permute names every dimension once");
  static_assert(detail::isPermutation<Perm...>(),
                "tile::permute<P...>: P must be a permutation of 0..rank-1");
  constexpr std::array<int, sizeof...(S)> shape = {S...};
  constexpr std::array<int, sizeof...(S)> perm = {Perm...};
  using Source = detail::RowMajor<S...>;
  using Result = detail::RowMajor<shape[Perm]...>;
  Tile<T, shape[Perm]...> result;
  for (int i = 0; i < Result::size; ++i) {
    auto coords = Result::coordinates(i);
    std::array<int, sizeof...(S)> source{};
    for (std::size_t d = 0; d < perm.size(); ++d)
      source[perm[d]] = coords[d];
    result[i] = a[Source::flatIndex(source)];
  }
  return result;
}

namespace detail {
/// The tile of element type R shaped like S... with dimension Axis set to 1.
template <class R, int Axis, int... S> struct Reduced {
  static_assert(Axis >= 0 && Axis < static_cast<int>(sizeof...(S)),
                "reduction axis out of range");
  template <std::size_t... I>
  static Tile<R, (static_cast<int>(I) == Axis ? 1 : S)...>
      make(std::index_sequence<I...>);
  using type = decltype(make(std::make_index_sequence<sizeof...(S)>{}));
};

/// The index, in the tile reduced along Axis, of the line along Axis
/// through element `element` (row-major) of a tile of shape S...
template <int Axis, int... S> int lineOf(int element) {
  auto coords = RowMajor<S...>::coordinates(element);
  constexpr std::array<int, sizeof...(S)> shape = {S...};
  int line = 0;
  for (int d = 0; d < static_cast<int>(shape.size()); ++d)
    line = d == Axis ? line : line * shape[d] + coords[d];
  return line;
}

/// Folds `a` along Axis, in increasing index order, with
/// `combine(accumulator, element)` in T's compute type, then rounds to T.
template <int Axis, class T, int... S, class Combine>
typename Reduced<T, Axis, S...>::type reduce(const Tile<T, S...> &a,
                                             Combine combine) {
  using C = ComputeType<T>;
  using Input = RowMajor<S...>;
  using ResultTile = typename Reduced<T, Axis, S...>::type;
  ResultTile result;
  std::array<C, ResultTile::size> acc{};
  std::array<bool, ResultTile::size> started{};
  for (int i = 0; i < Input::size; ++i) {
    int out = lineOf<Axis, S...>(i);
    C value = widen(a[i]);
    acc[out] = started[out] ? combine(acc[out], value) : value;
    started[out] = true;
  }
  for (int i = 0; i < ResultTile::size; ++i)
    result[i] = narrow<T>(acc[i]);
  return result;
}

/// Scans `a` along Axis, in increasing index order, with
/// `combine(accumulator, element)` in T's compute type, rounding each result
/// to T once. Exclusive: element i combines elements 0 to i - 1, and the
/// first is zero.
template <int Axis, bool Exclusive, class T, int... S, class Combine>
Tile<T, S...> scan(const Tile<T, S...> &a, Combine combine) {
  static_assert(Axis >= 0 && Axis < static_cast<int>(sizeof...(S)),
                "scan axis out of range");
  using C = ComputeType<T>;
  using Input = RowMajor<S...>;
  // One accumulator per line along Axis, numbered as the reduced tile's
  // elements.
  using Lines = typename Reduced<T, Axis, S...>::type;
  Tile<T, S...> result;
  std::array<C, Lines::size> acc{};
  for (int i = 0; i < Input::size; ++i) {
    bool first = Input::coordinates(i)[Axis] == 0;
    int line = lineOf<Axis, S...>(i);
    C value = widen(a[i]);
    if constexpr (Exclusive)
      result[i] = narrow<T>(first ? C{} : acc[line]);
    acc[line] = first ? value : combine(acc[line], value);
    if constexpr (!Exclusive)
      result[i] = narrow<T>(acc[line]);
  }
  return result;
}

/// Integers wrap around; floats add.
inline constexpr auto add = [](auto acc, auto x) {
  if constexpr (std::is_integral_v<decltype(acc)>)
    return wrappingAdd(acc, x);
  else
    return acc + x;
};

/// Integers wrap around; floats multiply.
inline constexpr auto multiply = [](auto acc, auto x) {
  if constexpr (std::is_integral_v<decltype(acc)>)
    return wrappingMul(acc, x);
  else
    return acc * x;
};
} // namespace detail

/// The sum along Axis, kept with size 1; f16 and bf16 sum in float and round
/// once; integers wrap around. Summed in index order: the GPU may sum floats
/// in another order. `auto rowSums = tile::reduce_sum<1>(m);  // Mx1`
template <int Axis, detail::ArithmeticElement T, int... S>
auto reduce_sum(const Tile<T, S...> &a) {
  return detail::reduce<Axis>(a, detail::add);
}

/// The maximum along Axis, kept with size 1; NaN if any element is NaN:
/// `auto colMax = tile::reduce_max<0>(m);  // 1xN`
template <int Axis, detail::ArithmeticElement T, int... S>
auto reduce_max(const Tile<T, S...> &a) {
  return detail::reduce<Axis>(
      a, [](auto acc, auto x) { return detail::maximum(acc, x); });
}

/// The minimum along Axis, kept with size 1; NaN if any element is NaN:
/// `auto rowMin = tile::reduce_min<1>(m);  // Mx1`
template <int Axis, detail::ArithmeticElement T, int... S>
auto reduce_min(const Tile<T, S...> &a) {
  return detail::reduce<Axis>(
      a, [](auto acc, auto x) { return detail::minimum(acc, x); });
}

/// The inclusive prefix sum along Axis: element i along Axis is the sum of
/// elements 0 to i. f16 and bf16 sum in float and round each element once;
/// integers wrap around. Summed in index order: the GPU may sum floats in
/// another order. `auto running = tile::cumsum<1>(rows);`
template <int Axis, detail::ArithmeticElement T, int... S>
Tile<T, S...> cumsum(const Tile<T, S...> &a) {
  return detail::scan<Axis, false>(a, detail::add);
}

/// The exclusive prefix sum along Axis: element i along Axis is the sum of
/// elements 0 to i - 1, and the first is zero; where each of a row's items
/// starts when the row's counts are laid end to end.
/// `auto starts = tile::exclusive_cumsum<0>(counts);`
template <int Axis, detail::ArithmeticElement T, int... S>
Tile<T, S...> exclusive_cumsum(const Tile<T, S...> &a) {
  return detail::scan<Axis, true>(a, detail::add);
}

/// The running maximum along Axis: element i along Axis is the largest of
/// elements 0 to i; NaN from the first NaN on.
/// `auto peaks = tile::cummax<1>(x);`
template <int Axis, detail::ArithmeticElement T, int... S>
Tile<T, S...> cummax(const Tile<T, S...> &a) {
  return detail::scan<Axis, false>(
      a, [](auto acc, auto x) { return detail::maximum(acc, x); });
}

/// The running minimum along Axis: element i along Axis is the smallest of
/// elements 0 to i; NaN from the first NaN on.
/// `auto lows = tile::cummin<1>(x);`
template <int Axis, detail::ArithmeticElement T, int... S>
Tile<T, S...> cummin(const Tile<T, S...> &a) {
  return detail::scan<Axis, false>(
      a, [](auto acc, auto x) { return detail::minimum(acc, x); });
}

namespace detail {
/// Whether F combines two T into one T, as a user's combiner must.
template <class F, class T>
concept CombinerOf = std::is_same_v<std::invoke_result_t<F &, T, T>, T>;

/// Checks what tile::reduce and tile::scan take; true to go on.
template <class T, class F> constexpr bool checkCombiner() {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, double> ||
                    isIntegerElement<T>,
                "tile::reduce and tile::scan combine float, double and "
                "integer tiles; cast 16- and 8-bit floats to float first");
  static_assert(CombinerOf<F, T>,
                "the combiner takes two elements of the tile's type and "
                "returns one (a lambda such as [](float a, float b) { "
                "return a + b; })");
  return true;
}
} // namespace detail

/// Folds `a` along Axis with `combine`, a function of two elements that
/// returns one, kept with size 1. Host mode folds in index order; the GPU
/// combines in a tree, so `combine` must be associative and commutative, as
/// + and max are (the author's promise), and with floats the two may differ
/// in the last bits as sums do. Float and integer tiles:
/// `auto any = tile::reduce<1>(flags, [](int32_t a, int32_t b) { return a | b;
/// });`
template <int Axis, class T, int... S, class F>
auto reduce(const Tile<T, S...> &a, F combine) {
  static_assert(detail::checkCombiner<T, F>());
  return detail::reduce<Axis>(a, combine);
}

/// The inclusive scan along Axis with `combine` (as tile::reduce takes):
/// element i along Axis combines elements 0 to i.
/// `auto widest = tile::scan<0>(spans, [](int64_t a, int64_t b) { return a > b
/// ? a : b; });`
template <int Axis, class T, int... S, class F>
Tile<T, S...> scan(const Tile<T, S...> &a, F combine) {
  static_assert(detail::checkCombiner<T, F>());
  return detail::scan<Axis, false>(a, combine);
}

/// The product along Axis, kept with size 1; f16 and bf16 multiply in float
/// and round once; integers wrap around. Multiplied in index order: the GPU
/// may multiply floats in another order.
/// `auto volumes = tile::reduce_prod<1>(extents);  // Mx1`
template <int Axis, detail::ArithmeticElement T, int... S>
auto reduce_prod(const Tile<T, S...> &a) {
  return detail::reduce<Axis>(a, detail::multiply);
}

/// The running product along Axis: element i along Axis is the product of
/// elements 0 to i (in index order; the GPU may multiply floats in another).
/// `auto decay = tile::cumprod<1>(gates);`
template <int Axis, detail::ArithmeticElement T, int... S>
Tile<T, S...> cumprod(const Tile<T, S...> &a) {
  return detail::scan<Axis, false>(a, detail::multiply);
}

namespace detail {
/// The index (int32_t) along Axis of the largest element (of the smallest
/// when Smallest), kept with size 1; the first index wins ties, and NaN
/// beats any number (the first NaN wins).
template <int Axis, bool Smallest, class T, int... S>
auto argExtreme(const Tile<T, S...> &a) {
  using C = ComputeType<T>;
  using Input = RowMajor<S...>;
  using ResultTile = typename Reduced<int32_t, Axis, S...>::type;
  ResultTile index;
  std::array<C, ResultTile::size> best{};
  std::array<bool, ResultTile::size> started{};
  auto isNaN = [](C v) {
    if constexpr (std::is_floating_point_v<C>) {
      return std::isnan(v);
    } else {
      (void)v;
      return false;
    }
  };
  for (int i = 0; i < Input::size; ++i) {
    int position = Input::coordinates(i)[Axis];
    int out = lineOf<Axis, S...>(i);
    C value = widen(a[i]);
    bool beyond = Smallest ? value < best[out] : value > best[out];
    bool better =
        !started[out] || (!isNaN(best[out]) && (isNaN(value) || beyond));
    if (better) {
      index[out] = position;
      best[out] = value;
      started[out] = true;
    }
  }
  return index;
}
} // namespace detail

/// The index (int32_t) of the largest element along Axis, kept with size 1;
/// the first index wins ties, and NaN counts as larger than any number (the
/// first NaN wins): `auto best = tile::argmax<1>(logits);  // Mx1`
template <int Axis, detail::ArithmeticElement T, int... S>
auto argmax(const Tile<T, S...> &a) {
  return detail::argExtreme<Axis, false>(a);
}

/// The index (int32_t) of the smallest element along Axis, kept with size
/// 1; the first index wins ties, and NaN counts as smaller than any number
/// (the first NaN wins): `auto nearest = tile::argmin<1>(distances);`
template <int Axis, detail::ArithmeticElement T, int... S>
auto argmin(const Tile<T, S...> &a) {
  return detail::argExtreme<Axis, true>(a);
}

/// The one element of a one-element tile, as a scalar, so that what a
/// reduction finds can steer a loop or a branch:
/// `if (tile::item(tile::reduce_max<0>(row)) > limit) break;`
template <class T, int... S> T item(const Tile<T, S...> &a) {
  static_assert((S * ...) == 1, "tile::item takes a tile of one element; "
                                "reduce the tile first (tile::reduce_sum<0>)");
  static_assert(!detail::isFloat8<T>,
                "tile::item: 8-bit floats are a storage type; cast the tile "
                "to float first");
  return a[0];
}

/// The matrix product a x b plus acc: a is MxK, b is KxN, acc and the result
/// MxN. The accumulator's type may be wider than the inputs' (f16 inputs,
/// float accumulator); products and sums are computed in the accumulator's
/// compute type (float for f16 and bf16), in increasing k, and rounded to
/// the accumulator's type once:
/// `acc = tile::dot(a, b, acc);  // f16 64x32, f16 32x128, float 64x128`
/// 8-bit operands multiply on sm_90a's tensor cores: f8e4m3 or f8e5m2 into
/// a float accumulator, int8_t or uint8_t into an int32_t one (sums wrap
/// as 32-bit integers do).
template <detail::ArithmeticElement T, detail::ArithmeticElement A, int M,
          int K, int N>
Tile<A, M, N> dot(const Tile<T, M, K> &a, const Tile<T, K, N> &b,
                  const Tile<A, M, N> &acc) {
  constexpr bool floatOperands =
      detail::isFloatElement<T> || detail::isFloat8<T>;
  static_assert(floatOperands == detail::isFloatElement<A>,
                "tile::dot: inputs and accumulator must both be float types "
                "or both integer types");
  static_assert(!detail::isFloat8<T> || std::is_same_v<A, float>,
                "tile::dot: the tensor cores multiply 8-bit floats into a "
                "float accumulator");
  static_assert(!std::is_same_v<T, double> && !std::is_same_v<A, double>,
                "tile::dot: the tensor cores do not multiply double tiles; "
                "cast the inputs to tile::f16 or tile::bf16 and the "
                "accumulator to float (tile::cast<float>(acc))");
  using C = detail::ComputeType<A>;
  auto operand = [](T value) {
    if constexpr (detail::isFloat8<T>)
      return static_cast<C>(static_cast<float>(value));
    else
      return static_cast<C>(detail::widen(value));
  };
  Tile<A, M, N> result;
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      C sum = detail::widen(acc[m * N + n]);
      for (int k = 0; k < K; ++k)
        sum = detail::add(sum, detail::multiply(operand(a[m * K + k]),
                                                operand(b[k * N + n])));
      result[m * N + n] = detail::narrow<A>(sum);
    }
  return result;
}

} // namespace tile

#endif // TILE_KERNEL_SHAPE_OPS_H
