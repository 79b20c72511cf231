// out[b] = a[b] x[b] for a batch of matrices a[b] (m x k) and x[b] (k x n),
// both bf16 or both f16, accumulated in f32 on the tensor cores: the program
// at (b, i, j) owns block (i, j) of product b. Loads pad ragged edges with
// zeros, which add nothing to the sums. Blocks of 256 columns take eight
// warps, two warpgroups of 64 x 256 each. On sm_90a the tensor copy engine
// brings each step's tiles into shared memory stages a few steps ahead of
// the products (docs/tilecc.md), in a ring of S stages (fewer where
// shared memory holds fewer). The blocks and the stages are tunable: tuning
// records pick the fastest of the space TILE_TUNE declares per GPU
// (docs/tuning.md).
#ifndef TILE_LIBRARY_BATCHED_MATMUL_H
#define TILE_LIBRARY_BATCHED_MATMUL_H

#include <tile/kernel.h>

template <class T, int BM, int BN, int BK, int S = 4>
TILE_KERNEL TILE_MAX_THREADS(BM *BN >= 128 * 256 ? 256 : 128) TILE_STAGES(S)
    TILE_TUNE(BM, 64, 128, 256) TILE_TUNE(BN, 128, 256) TILE_TUNE(BK, 32, 64)
        TILE_TUNE(S, 3, 4, 6) void batched_matmul(tile::Piece<T, 1, BM, BN> out,
                                                  tile::View<T, 3> a,
                                                  tile::View<T, 3> x,
                                                  int32_t k) {
  int32_t batch = tile::program_id(0);
  int32_t row = tile::program_id(1);
  int32_t column = tile::program_id(2);
  auto acc = tile::full<float, BM, BN>(0.0f);
  // In 64 bits: k + BK - 1 may not fit 32.
  int64_t steps = (int64_t(k) + BK - 1) / BK;
  for (int64_t step = 0; step < steps; ++step)
    acc = tile::dot(
        tile::reshape<BM, BK>(tile::load<1, BM, BK>(a, batch, row, step)),
        tile::reshape<BK, BN>(tile::load<1, BK, BN>(x, batch, step, column)),
        acc);
  out.store(tile::reshape<1, BM, BN>(tile::cast<T>(acc)));
}

#endif // TILE_LIBRARY_BATCHED_MATMUL_H
