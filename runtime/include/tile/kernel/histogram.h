//===- histogram.h - Counting a tile's values into bins ---------*- C++ -*-===//
//
// tile::histogram<Bins>(values) counts how many elements of an integer tile
// equal each of 0, 1, ..., Bins - 1; with a mask, only the elements where
// it holds count. Other values count nowhere. A program that counts its
// piece so can add its counts into an atomic output with one update per
// bin, instead of one per element: with few bins, the updates of one
// element of the output take turns, and a histogram of few bins then waits
// on them (examples/histogram.h). The GPU counts in shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_HISTOGRAM_H
#define TILE_KERNEL_HISTOGRAM_H

#include "tile/kernel/elementwise.h"
#include "tile/kernel/tile.h"

#include <cstdint>

namespace tile {

/// The most bins a histogram may have: the GPU counts in shared memory.
inline constexpr int max_histogram_bins = 16384;

namespace detail {
template <int Bins, class T, int... S, class Counted>
Tile<int32_t, Bins> countInto(const Tile<T, S...> &values, Counted counted) {
  static_assert(Bins <= max_histogram_bins,
                "tile::histogram counts into at most 16384 bins "
                "(tile::max_histogram_bins)");
  Tile<int32_t, Bins> counts;
  for (int i = 0; i < Tile<T, S...>::size; ++i) {
    int64_t value = widen(values[i]);
    if (counted(i) && value >= 0 && value < Bins)
      ++counts[int(value)];
  }
  return counts;
}
} // namespace detail

/// How many elements of `values` equal each bin 0 .. Bins - 1:
/// `auto counts = tile::histogram<256>(bytes);`
template <int Bins, detail::IntegerElement T, int... S>
Tile<int32_t, Bins> histogram(const Tile<T, S...> &values) {
  return detail::countInto<Bins>(values, [](int) { return true; });
}

/// The same, counting only the elements where `mask` holds:
/// `tile::histogram<256>(bytes, tile::iota<int64_t, N>() < n)`.
template <int Bins, detail::IntegerElement T, int... S>
Tile<int32_t, Bins> histogram(const Tile<T, S...> &values,
                              const Tile<bool, S...> &mask) {
  return detail::countInto<Bins>(values, [&](int i) { return mask[i]; });
}

} // namespace tile

#endif // TILE_KERNEL_HISTOGRAM_H
