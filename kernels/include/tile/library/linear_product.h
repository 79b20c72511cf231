// The product x W^T of a linear layer over one program's block, in f32 (in
// int32 for 8-bit integers): the loop that linear.cpp, linear_epilogue.cpp
// and the scaled 8-bit products share. On sm_90a the
// compiler has the tensor copy engine bring each step's tiles of x and W
// into shared memory stages ahead of the tensor cores.
#ifndef TILE_LIBRARY_LINEAR_PRODUCT_H
#define TILE_LIBRARY_LINEAR_PRODUCT_H

#include <tile/kernel.h>

#include <type_traits>

/// The accumulator of x W^T for operands of T: int32_t for 8-bit integers
/// (sums of integer products are exact), float for the others.
template <class T>
using ProductSum = std::conditional_t<std::is_integral_v<T>, int32_t, float>;

/// Block (row, column) of x W^T for activations x (m x k) and weights W
/// (n x k), walking k in steps of BK; loads pad the ragged edges with zeros,
/// which add nothing to the sums.
template <int BM, int BN, int BK, class T>
tile::Tile<ProductSum<T>, BM, BN> linearProduct(tile::View<T, 2> x,
                                                tile::View<T, 2> w, int32_t row,
                                                int32_t column, int32_t k) {
  auto acc = tile::full<ProductSum<T>, BM, BN>(0);
  // In 64 bits: k + BK - 1 may not fit 32.
  int64_t steps = (int64_t(k) + BK - 1) / BK;
  for (int64_t step = 0; step < steps; ++step)
    acc = tile::dot(tile::load<BM, BK>(x, row, step),
                    tile::permute<1, 0>(tile::load<BN, BK>(w, column, step)),
                    acc);
  return acc;
}

#endif // TILE_LIBRARY_LINEAR_PRODUCT_H
