//===- sort.h - Sorting a tile along an axis --------------------*- C++ -*-===//
//
// tile::sort and tile::argsort order every line of a tile along one axis,
// ascending and stably: equal elements keep their order, and NaN counts as
// larger than any number. The GPU sorts in shared memory with a network of
// compare-and-exchange steps, breaking ties by the old index, which gives
// the same order as host mode's stable sort.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_SORT_H
#define TILE_KERNEL_SORT_H

#include "tile/kernel/elementwise.h"
#include "tile/kernel/tile.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <type_traits>
#include <vector>

namespace tile {

/// The most elements a sorted tile may have: the GPU sorts it in shared
/// memory.
inline constexpr int max_sort_elements = 4096;

namespace detail {
/// For each element of the result, the index along Axis of the element of
/// `a` that goes there.
template <int Axis, class T, int... S>
Tile<int32_t, S...> sortOrder(const Tile<T, S...> &a) {
  static_assert(Axis >= 0 && Axis < static_cast<int>(sizeof...(S)),
                "tile::sort and tile::argsort: axis out of range");
  static_assert((S * ...) <= max_sort_elements,
                "tile::sort and tile::argsort take tiles of at most 4096 "
                "elements (tile::max_sort_elements)");
  using C = ComputeType<T>;
  using Input = RowMajor<S...>;
  constexpr int extent = Input::shape[Axis];
  auto before = [](C x, C y) {
    if constexpr (std::is_floating_point_v<C>)
      return !std::isnan(x) && (std::isnan(y) || x < y);
    else
      return x < y;
  };
  Tile<int32_t, S...> order;
  std::vector<int> flat(extent), from(extent);
  for (int i = 0; i < Input::size; ++i) {
    auto at = Input::coordinates(i);
    if (at[Axis] != 0)
      continue;
    // The line through element i along Axis.
    for (int p = 0; p < extent; ++p) {
      at[Axis] = p;
      flat[p] = Input::flatIndex(at);
    }
    std::iota(from.begin(), from.end(), 0);
    // Ties go by index: a strict order on distinct entries, so any sort
    // gives the stable order.
    std::sort(from.begin(), from.end(), [&](int x, int y) {
      C u = widen(a[flat[x]]), v = widen(a[flat[y]]);
      return before(u, v) || (!before(v, u) && x < y);
    });
    for (int p = 0; p < extent; ++p)
      order[flat[p]] = from[p];
  }
  return order;
}
} // namespace detail

/// Every line of `a` along Axis in ascending order, stably (NaN last):
/// `auto ranked = tile::sort<1>(scores);`
template <int Axis, detail::ArithmeticElement T, int... S>
Tile<T, S...> sort(const Tile<T, S...> &a) {
  Tile<int32_t, S...> order = detail::sortOrder<Axis>(a);
  using Input = detail::RowMajor<S...>;
  Tile<T, S...> sorted;
  for (int i = 0; i < Input::size; ++i) {
    auto at = Input::coordinates(i);
    at[Axis] = order[i];
    sorted[i] = a[Input::flatIndex(at)];
  }
  return sorted;
}

/// For each place of the sorted lines of `a` along Axis, the index (int32_t)
/// along Axis of the element that goes there (torch.sort's indices, with
/// stable=True): `auto ids = tile::argsort<1>(scores);`
template <int Axis, detail::ArithmeticElement T, int... S>
Tile<int32_t, S...> argsort(const Tile<T, S...> &a) {
  return detail::sortOrder<Axis>(a);
}

} // namespace tile

#endif // TILE_KERNEL_SORT_H
