// y = W x for weights stored in 8 bits, with the input in bf16 and the
// sums in float: the matrix-vector product of batch-1 decode, reading half
// the bytes of bf16 weights.
//
// gemv_int8: int8_t weights, one float scale per row (y[n] = scale[n] *
// sum_k W[n, k] x[k]).
//
// gemv_fp8: tile::f8e4m3 weights with one float scale per block of 128 x
// 128 weights, as fp8 checkpoints store them (y[n] = sum_k scale[n / 128,
// k / 128] * W[n, k] x[k]). The weights and x are viewed with the columns
// split into groups of 128 ([n, k / 128, 128], k a multiple of 128), so
// that each group's scale multiplies the inputs of its group before the
// products, and the rows of a program, which lie in one block of 128 rows,
// share them.
//
// Each program owns BN outputs and walks the columns in chunks, as the
// kernel library's gemv (tile/library/gemv.h) does for bf16 weights.
#ifndef TILE_EXAMPLES_QUANTIZED_GEMV_H
#define TILE_EXAMPLES_QUANTIZED_GEMV_H

#include <tile/kernel.h>

template <int BN, int BK>
TILE_KERNEL TILE_TUNE(BN, 1, 2, 4, 8)
    TILE_TUNE(BK, 1024, 2048, 4096) void gemv_int8(tile::Piece<float, BN, 1> y,
                                                   tile::View<int8_t, 2> w,
                                                   tile::View<float> scales,
                                                   tile::View<tile::bf16> x) {
  // One input per column, one scale per row.
  TILE_REQUIRE(x.size(0) == w.size(1));
  TILE_REQUIRE(scales.size(0) == w.size(0));
  auto acc = tile::full<float, BN, BK>(0.0f);
  int64_t chunks = (w.size(1) + BK - 1) / BK;
  for (int64_t chunk = 0; chunk < chunks; ++chunk) {
    auto weights = tile::cast<float>(
        tile::load<BN, BK>(w, tile::program_id(0), int32_t(chunk)));
    auto inputs = tile::cast<float>(tile::load<BK>(x, int32_t(chunk)));
    acc = tile::fma(weights,
                    tile::broadcast<BN, BK>(tile::reshape<1, BK>(inputs)), acc);
  }
  auto rowScales = tile::load<BN>(scales, tile::program_id(0));
  y.store(tile::reduce_sum<1>(acc) * tile::reshape<BN, 1>(rowScales));
}

/// The columns of a scale block.
inline constexpr int kFp8Block = 128;

template <int BN, int Groups>
TILE_KERNEL TILE_TUNE(BN, 4, 8, 16, 32)
    TILE_TUNE(Groups, 1, 2, 4, 8) void gemv_fp8(tile::Piece<float, BN, 1> y,
                                                tile::View<tile::f8e4m3, 3> w,
                                                tile::View<float, 2> scales,
                                                tile::View<tile::bf16, 3> x) {
  static_assert(kFp8Block % BN == 0,
                "a program's rows must lie in one block of scales");
  constexpr int B = kFp8Block;
  // Groups of 128 columns, the same in w and x; a scale per block.
  TILE_REQUIRE(w.size(2) == B && x.size(2) == B && x.size(0) == 1);
  TILE_REQUIRE(x.size(1) == w.size(1) && scales.size(1) == w.size(1));
  TILE_REQUIRE(scales.size(0) == (w.size(0) + B - 1) / B);
  auto acc = tile::full<float, BN, Groups, B>(0.0f);
  int32_t rowBlock = tile::program_id(0) / (B / BN);
  int64_t chunks = (w.size(1) + Groups - 1) / Groups;
  for (int64_t chunk = 0; chunk < chunks; ++chunk) {
    auto blockScales = tile::reshape<1, Groups, 1>(
        tile::load<1, Groups>(scales, rowBlock, int32_t(chunk)));
    auto inputs =
        tile::cast<float>(tile::load<1, Groups, B>(x, 0, int32_t(chunk), 0)) *
        tile::broadcast<1, Groups, B>(blockScales);
    auto weights = tile::cast<float>(
        tile::load<BN, Groups, B>(w, tile::program_id(0), int32_t(chunk), 0));
    acc = tile::fma(weights, tile::broadcast<BN, Groups, B>(inputs), acc);
  }
  auto sums = tile::reduce_sum<1>(tile::reduce_sum<2>(acc));
  y.store(tile::reshape<BN, 1>(sums));
}

#endif // TILE_EXAMPLES_QUANTIZED_GEMV_H
