// out = x W^T, as tile/library/linear.h computes it, by a fixed number of
// programs: TILE_PERSISTENT(1) starts one program per multiprocessor, and
// each walks the output's BM x BN blocks (in groups of G rows of blocks, as
// linear's prefill blocks run), computing one block's product after
// another. The body is linear's: program_id and the piece are those of the
// block being computed, so the ownership proof is the same.
#ifndef TILE_EXAMPLES_PERSISTENT_LINEAR_H
#define TILE_EXAMPLES_PERSISTENT_LINEAR_H

#include <tile/library/linear_product.h>

template <class T, int BM, int BN, int BK, int G>
TILE_KERNEL TILE_MAX_THREADS(BM *BN >= 128 * 256 ? 256
                                                 : 128) TILE_PROGRAM_GROUPS(G)
    TILE_PERSISTENT(1) void persistent_linear(tile::Piece<T, BM, BN> out,
                                              tile::View<T, 2> x,
                                              tile::View<T, 2> w, int32_t k) {
  auto acc = linearProduct<BM, BN, BK>(x, w, tile::program_id(0),
                                       tile::program_id(1), k);
  out.store(tile::cast<T>(acc));
}

#endif // TILE_EXAMPLES_PERSISTENT_LINEAR_H
