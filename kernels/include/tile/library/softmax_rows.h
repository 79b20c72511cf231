// out[r, :] = softmax(x[r, :]) over rows of n <= N floats, one program per
// row. Elements past the row's end are masked out of the max and the sum.
#ifndef TILE_LIBRARY_SOFTMAX_ROWS_H
#define TILE_LIBRARY_SOFTMAX_ROWS_H

#include <tile/kernel.h>

template <int N>
TILE_KERNEL void softmax_rows(tile::Piece<float, 1, N> out,
                              tile::View<float, 2> x, int32_t n) {
  auto inside = tile::reshape<1, N>(tile::iota<int32_t, N>()) < n;
  auto row = tile::select(inside, tile::load_like(x, out),
                          tile::full<float, 1, N>(-3.0e38f));
  auto peak = tile::broadcast<1, N>(tile::reduce_max<1>(row));
  auto e = tile::exp(row - peak);
  auto total = tile::broadcast<1, N>(tile::reduce_sum<1>(e));
  out.store(e / total);
}

#endif // TILE_LIBRARY_SOFTMAX_ROWS_H
