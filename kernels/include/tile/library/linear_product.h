// The product x W^T of a linear layer over one program's block, in f32: the
// loop that linear.cpp and linear_epilogue.cpp share. On sm_90a the
// compiler has the tensor copy engine bring each step's tiles of x and W
// into shared memory stages ahead of the tensor cores.
#ifndef TILE_LIBRARY_LINEAR_PRODUCT_H
#define TILE_LIBRARY_LINEAR_PRODUCT_H

#include <tile/kernel.h>

/// Block (row, column) of x W^T for activations x (m x k) and weights W
/// (n x k), walking k in steps of BK; loads pad the ragged edges with zeros,
/// which add nothing to the sums.
template <int BM, int BN, int BK, class T>
tile::Tile<float, BM, BN> linearProduct(tile::View<T, 2> x, tile::View<T, 2> w,
                                        int32_t row, int32_t column,
                                        int32_t k) {
  auto acc = tile::full<float, BM, BN>(0.0f);
  // In 64 bits: k + BK - 1 may not fit 32.
  int64_t steps = (int64_t(k) + BK - 1) / BK;
  for (int64_t step = 0; step < steps; ++step)
    acc = tile::dot(tile::load<BM, BK>(x, row, step),
                    tile::permute<1, 0>(tile::load<BN, BK>(w, column, step)),
                    acc);
  return acc;
}

#endif // TILE_LIBRARY_LINEAR_PRODUCT_H
