// out = x W^T for activations x (m x k) and a weight matrix W (n x k, the
// layout of a Hugging Face linear layer), both bf16 or both f16, accumulated
// in f32 on the tensor cores. The program at (i, j) owns a BM x BN block of
// the output and walks k in steps of BK; loads pad the ragged edges with
// zeros, which add nothing to the sums. Blocks of 128 x 256 x 64 serve
// prefill: on sm_90a, eight warps (two warpgroups, each a 64 x 256 product
// per 16-reduction step), and the compiler has the tensor copy engine bring
// each step's tiles into shared memory stages a few steps ahead
// (tilegpu.copy_tensor), so that the tensor cores never wait for them; steps of
// 64 (three or four a stage of 48 KiB) ran 1.2x as fast as steps of 32 on
// an H200. Blocks of 16 x 32 serve decoding a small
// batch: 16 rows (one mma.sync block) read W once, and narrow blocks give
// enough programs to keep HBM busy (with four warps: eight measured slower).
// The prefill programs run in groups of 16 rows of blocks
// (TILE_PROGRAM_GROUPS): the blocks of x and W that a wave of programs reads
// then stay in L2, 1.15x as fast at 8192^3 on an H100 as rows first. The
// blocks and the groups are tunable: tile-tune times the space TILE_TUNE
// declares and tuning records pick the fastest per GPU (docs/tuning.md).
#ifndef TILE_LIBRARY_LINEAR_H
#define TILE_LIBRARY_LINEAR_H

#include "linear_product.h"

template <class T, int BM, int BN, int BK, int G = 1>
TILE_KERNEL TILE_MAX_THREADS(BM *BN >= 128 * 256 ? 256 : 128)
    TILE_PROGRAM_GROUPS(G) TILE_TUNE(BM, 128, 256) TILE_TUNE(BN, 128, 256)
        TILE_TUNE(BK, 32, 64)
            TILE_TUNE(G, 1, 8, 16) void linear(tile::Piece<T, BM, BN> out,
                                               tile::View<T, 2> x,
                                               tile::View<T, 2> w, int32_t k) {
  auto acc = linearProduct<BM, BN, BK>(x, w, tile::program_id(0),
                                       tile::program_id(1), k);
  out.store(tile::cast<T>(acc));
}

#endif // TILE_LIBRARY_LINEAR_H
