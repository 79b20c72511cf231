// out = (x W^T) * xScale[row] * wScale[column] in bf16 for activations x
// (m x k) and weights W (n x k) stored in 8 bits, each row of both with one
// float scale: the product of an 8-bit quantized linear layer (int8 x int8
// as SmoothQuant-style W8A8 layers run, or f8e4m3 x f8e4m3 with row-wise
// scales). On sm_90a the tensor cores multiply the 8-bit tiles directly,
// summing int8 products in int32 and fp8 products in float, reading half
// the bytes of a bf16 product; the scales apply once, to the sums. The
// programs run in groups of G rows of blocks, as linear's do, and the
// blocks and groups are tunable (docs/tuning.md).
#ifndef TILE_EXAMPLES_SCALED_LINEAR_H
#define TILE_EXAMPLES_SCALED_LINEAR_H

#include <tile/library/linear_product.h>

template <class T, int BM, int BN, int BK, int G>
TILE_KERNEL TILE_MAX_THREADS(BM *BN >= 128 * 256 ? 256
                                                 : 128) TILE_PROGRAM_GROUPS(G)
    TILE_TUNE(BM, 64, 128) TILE_TUNE(BN, 128, 256) TILE_TUNE(BK, 64, 128, 256)
        TILE_TUNE(G, 1, 8,
                  16) void scaled_linear(tile::Piece<tile::bf16, BM, BN> out,
                                         tile::View<T, 2> x, tile::View<T, 2> w,
                                         tile::View<float> xScale,
                                         tile::View<float> wScale, int32_t k) {
  // One scale per row of x and per row of W.
  TILE_REQUIRE(xScale.size(0) == x.size(0));
  TILE_REQUIRE(wScale.size(0) == w.size(0));
  int32_t row = tile::program_id(0), column = tile::program_id(1);
  auto sums = linearProduct<BM, BN, BK>(x, w, row, column, k);
  auto rowScales = tile::reshape<BM, 1>(tile::load<BM>(xScale, row));
  auto columnScales = tile::reshape<1, BN>(tile::load<BN>(wScale, column));
  out.store(tile::cast<tile::bf16>(tile::cast<float>(sums) *
                                   tile::broadcast<BM, BN>(rowScales) *
                                   tile::broadcast<BM, BN>(columnScales)));
}

#endif // TILE_EXAMPLES_SCALED_LINEAR_H
