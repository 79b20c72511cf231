// out = silu(scale * x W^T + bias): a linear layer whose epilogue (the
// scaling, the bias, the activation and the cast) runs on the f32
// accumulators in registers before the block's one store, instead of as
// passes over the output in memory. The product is linear.cpp's
// (linear_product.h), on the same blocks and program groups.
#ifndef TILE_LIBRARY_LINEAR_EPILOGUE_H
#define TILE_LIBRARY_LINEAR_EPILOGUE_H

#include "linear_product.h"

template <class T, int BM, int BN, int BK, int G = 1>
TILE_KERNEL TILE_MAX_THREADS(BM *BN >= 128 * 256 ? 256 : 128)
    TILE_PROGRAM_GROUPS(G) void linear_bias_silu(tile::Piece<T, BM, BN> out,
                                                 tile::View<T, 2> x,
                                                 tile::View<T, 2> w,
                                                 tile::View<T, 1> bias,
                                                 float scale, int32_t k) {
  int32_t column = tile::program_id(1);
  auto product =
      linearProduct<BM, BN, BK>(x, w, tile::program_id(0), column, k);
  auto shift = tile::cast<float>(tile::load<BN>(bias, column));
  auto y =
      product * scale + tile::broadcast<BM, BN>(tile::reshape<1, BN>(shift));
  // silu(y) = y sigmoid(y) = y (1 + tanh(y / 2)) / 2: without the exp and
  // the division of y / (1 + exp(-y)), which spilled 96 bytes at 255
  // registers, the kernel takes 194 and spills nothing.
  out.store(tile::cast<T>(y * (0.5f + 0.5f * tile::tanh(0.5f * y))));
}

#endif // TILE_LIBRARY_LINEAR_EPILOGUE_H
