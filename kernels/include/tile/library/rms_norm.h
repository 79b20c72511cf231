// out[r, :] = x[r, :] / sqrt(mean(x[r, :]^2) + eps) * w over rows of n <= N
// elements of T (bf16, or f32 for a model that rounds nowhere), one program per
// row, computed in f32 and rounded as Hugging Face's models round it
// (rms_norm.h). Loads read zeros past the row's end, which add nothing to the
// sum of squares. The weights are loaded with the row, so that both are in
// flight together, and eight programs share a multiprocessor (64 registers
// each) so that eight rows are.
#ifndef TILE_LIBRARY_RMS_NORM_H
#define TILE_LIBRARY_RMS_NORM_H

#include "rms_norm_row.h"

#include <tile/kernel.h>

template <class T, int N>
TILE_KERNEL TILE_MIN_BLOCKS_PER_SM(N > 4096 ? 4 : 8) void rms_norm(
    tile::Piece<T, 1, N> out, tile::View<T, 2> x, tile::View<T, 1> w, int32_t n,
    float eps) {
  auto xf = tile::cast<float>(tile::load_like(x, out));
  auto weight = tile::cast<float>(tile::reshape<1, N>(tile::load<N>(w, 0)));
  out.store(rmsNormRow<T>(xf, weight, n, eps));
}

#endif // TILE_LIBRARY_RMS_NORM_H
