//===- shape_ops.h - Broadcast, reshape, permute, reduce, dot ---*- C++ -*-===//

#ifndef TILE_KERNEL_SHAPE_OPS_H
#define TILE_KERNEL_SHAPE_OPS_H

#include "tile/kernel/elementwise.h"

#include <array>
#include <cstdint>
#include <limits>
#include <utility>

namespace tile {

/// Repeats `a` along its dimensions of size 1 to the shape To...
template <int... To, class T, int... From>
Tile<T, To...> broadcast(const Tile<T, From...> &a) {
  static_assert(sizeof...(To) == sizeof...(From),
                "broadcast keeps the rank; reshape first");
  static_assert(((From == To || From == 1) && ...),
                "broadcast repeats only dimensions of size 1");
  Tile<T, To...> result;
  for (int i = 0; i < result.size; ++i) {
    auto coords = Tile<T, To...>::coordinates(i);
    std::array<int, sizeof...(From)> source{};
    for (int d = 0; d < static_cast<int>(source.size()); ++d)
      source[d] = Tile<T, From...>::shape[d] == 1 ? 0 : coords[d];
    result[i] = a[Tile<T, From...>::flatIndex(source)];
  }
  return result;
}

/// The same elements in row-major order under the shape To...
template <int... To, class T, int... From>
Tile<T, To...> reshape(const Tile<T, From...> &a) {
  static_assert((To * ...) == (From * ...),
                "reshape keeps the number of elements");
  Tile<T, To...> result;
  for (int i = 0; i < result.size; ++i)
    result[i] = a[i];
  return result;
}

/// Reorders dimensions: result dimension i is input dimension Perm[i].
template <int... Perm, class T, int... S>
auto permute(const Tile<T, S...> &a) {
  static_assert(sizeof...(Perm) == sizeof...(S),
                "permute names every dimension once");
  constexpr std::array<int, sizeof...(S)> shape = {S...};
  using Result = Tile<T, shape[Perm]...>;
  constexpr std::array<int, sizeof...(S)> perm = {Perm...};
  Result result;
  for (int i = 0; i < result.size; ++i) {
    auto coords = Result::coordinates(i);
    std::array<int, sizeof...(S)> source{};
    for (int d = 0; d < static_cast<int>(perm.size()); ++d)
      source[perm[d]] = coords[d];
    result[i] = a[Tile<T, S...>::flatIndex(source)];
  }
  return result;
}

namespace detail {
/// The tile of element type R shaped as S with dimension Axis set to 1.
template <class R, int Axis, int... S> struct Reduced {
  static_assert(Axis >= 0 && Axis < static_cast<int>(sizeof...(S)),
                "reduction axis out of range");
  template <std::size_t... I>
  static Tile<R, (static_cast<int>(I) == Axis ? 1 : S)...>
      make(std::index_sequence<I...>);
  using type = decltype(make(std::make_index_sequence<sizeof...(S)>{}));
};

/// Folds `a` along Axis with `combine(accumulator, element)`.
template <class R, int Axis, class T, int... S, class Combine>
typename Reduced<R, Axis, S...>::type reduce(const Tile<T, S...> &a, R init,
                                             Combine combine) {
  using Result = typename Reduced<R, Axis, S...>::type;
  Result result;
  for (int i = 0; i < result.size; ++i)
    result[i] = init;
  for (int i = 0; i < a.size; ++i) {
    auto coords = Tile<T, S...>::coordinates(i);
    coords[Axis] = 0;
    int out = Result::flatIndex(coords);
    result[out] = combine(result[out], widen(a[i]));
  }
  return result;
}

/// max or min that returns NaN when either side is NaN.
template <class C, class Better> C pickPropagatingNaN(C acc, C x, Better better) {
  if (acc != acc)
    return acc;
  if (x != x)
    return x;
  return better(x, acc) ? x : acc;
}
} // namespace detail

/// The sum along Axis (kept with size 1); f16 and bf16 sum in float.
template <int Axis, class T, int... S> auto reduce_sum(const Tile<T, S...> &a) {
  using C = detail::ComputeType<T>;
  return cast<T>(detail::reduce<C, Axis>(a, C(0), [](C acc, C x) {
    return acc + x;
  }));
}

/// The maximum along Axis (kept with size 1); NaN if any element is NaN.
template <int Axis, class T, int... S> auto reduce_max(const Tile<T, S...> &a) {
  using C = detail::ComputeType<T>;
  return cast<T>(detail::reduce<C, Axis>(
      a, std::numeric_limits<C>::lowest(), [](C acc, C x) {
        return detail::pickPropagatingNaN(acc, x,
                                          [](C u, C v) { return u > v; });
      }));
}

/// The minimum along Axis (kept with size 1); NaN if any element is NaN.
template <int Axis, class T, int... S> auto reduce_min(const Tile<T, S...> &a) {
  using C = detail::ComputeType<T>;
  return cast<T>(detail::reduce<C, Axis>(
      a, std::numeric_limits<C>::max(), [](C acc, C x) {
        return detail::pickPropagatingNaN(acc, x,
                                          [](C u, C v) { return u < v; });
      }));
}

/// The index of the largest element along Axis (kept with size 1); the
/// first index wins ties.
template <int Axis, class T, int... S> auto argmax(const Tile<T, S...> &a) {
  using C = detail::ComputeType<T>;
  typename detail::Reduced<int32_t, Axis, S...>::type index;
  typename detail::Reduced<C, Axis, S...>::type best;
  for (int i = 0; i < index.size; ++i)
    index[i] = -1;
  for (int i = 0; i < a.size; ++i) {
    auto coords = Tile<T, S...>::coordinates(i);
    int position = coords[Axis];
    coords[Axis] = 0;
    int out = decltype(index)::flatIndex(coords);
    C value = detail::widen(a[i]);
    if (index[out] < 0 || value > best[out]) {
      index[out] = position;
      best[out] = value;
    }
  }
  return index;
}

/// The matrix product a (MxK) x b (KxN) plus acc (MxN), accumulated in the
/// accumulator's type.
template <class T, class A, int M, int K, int N>
Tile<A, M, N> dot(const Tile<T, M, K> &a, const Tile<T, K, N> &b,
                  const Tile<A, M, N> &acc) {
  using C = detail::ComputeType<A>;
  Tile<A, M, N> result;
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      C sum = detail::widen(acc[m * N + n]);
      for (int k = 0; k < K; ++k)
        sum += static_cast<C>(detail::widen(a[m * K + k])) *
               static_cast<C>(detail::widen(b[k * N + n]));
      result[m * N + n] = detail::narrow<A>(sum);
    }
  return result;
}

} // namespace tile

#endif // TILE_KERNEL_SHAPE_OPS_H
