//===- HistogramKernel.h - Input pieces and atomic outputs ------*- C++ -*-===//
//
// Host-mode kernels for the runtime tests of the two parameter kinds that
// output pieces and views do not cover: input pieces, which give the grid
// like output pieces but are only read, and atomic outputs, which every
// program updates.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TEST_RUNTIME_HISTOGRAMKERNEL_H
#define TILE_TEST_RUNTIME_HISTOGRAMKERNEL_H

#include <tile/kernel.h>

#include <cstdint>
#include <vector>

/// Adds to counts[v] one for each element v of x; values outside
/// [0, counts.size(0)) are dropped. The grid is x's pieces of N.
template <int N>
TILE_KERNEL void histogram(tile::Piece<const int32_t, N> x,
                           tile::Atomic<int32_t> counts) {
  auto index = tile::iota<int64_t, N>() + int64_t(tile::program_id(0)) * N;
  // The last piece is partial: its loads read zeros past the tensor.
  counts.add(tile::full<int32_t, N>(1), x.load(), index < x.size(0));
}

/// y = a * x, x read through its own piece.
template <int N>
TILE_KERNEL void scale_pieces(tile::Piece<float, N> y,
                              tile::Piece<const float, N> x, float a) {
  y.store(x.load() * a);
}

/// What histogram adds for `values` into `bins` counts.
inline std::vector<int32_t> histogramOf(const std::vector<int32_t> &values,
                                        int64_t bins) {
  std::vector<int32_t> counts(size_t(bins), 0);
  for (int32_t value : values)
    if (value >= 0 && value < bins)
      ++counts[size_t(value)];
  return counts;
}

#endif // TILE_TEST_RUNTIME_HISTOGRAMKERNEL_H
