// The residual step of a transformer block, fused: residual += x in place,
// then out = residual / sqrt(mean(residual^2) + eps) * w, over rows of
// n <= N elements of T, one program per row. The sum is rounded to T
// before the norm reads it, as the unfused model computes it; the norm is
// rounded as in rms_norm.h.
#ifndef TILE_LIBRARY_ADD_RMS_NORM_H
#define TILE_LIBRARY_ADD_RMS_NORM_H

#include "rms_norm_row.h"

#include <tile/kernel.h>

template <class T, int N>
TILE_KERNEL void add_rms_norm(tile::Piece<T, 1, N> out,
                              tile::Piece<T, 1, N> residual, tile::View<T, 2> x,
                              tile::View<T, 1> w, int32_t n, float eps) {
  auto sum = tile::cast<float>(residual.load()) +
             tile::cast<float>(tile::load_like(x, out));
  auto rounded = tile::cast<T>(sum);
  residual.store(rounded);
  auto weight = tile::cast<float>(tile::reshape<1, N>(tile::load<N>(w, 0)));
  out.store(rmsNormRow<T>(tile::cast<float>(rounded), weight, n, eps));
}

#endif // TILE_LIBRARY_ADD_RMS_NORM_H
