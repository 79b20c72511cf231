// RMSNorm of one row, rounded as Hugging Face's models round it: the
// normalized row to the activation type first, then its product with the
// weights, so that a bf16 model agrees with its reference up to the order of
// sums, not only within bf16's precision.
#ifndef TILE_LIBRARY_RMS_NORM_ROW_H
#define TILE_LIBRARY_RMS_NORM_ROW_H

#include "activation_rounding.h"

#include <tile/kernel.h>

/// x / sqrt(mean(x^2) + eps) * weight over the first n of N elements (zero
/// past them).
template <class T, int N>
tile::Tile<T, 1, N> rmsNormRow(const tile::Tile<float, 1, N> &x,
                               const tile::Tile<float, 1, N> &weight, int32_t n,
                               float eps) {
  auto squares = tile::reduce_sum<1>(x * x);
  auto scale = tile::rsqrt(squares / static_cast<float>(n) + eps);
  auto normed = roundedTo<T>(x * tile::broadcast<1, N>(scale));
  return tile::cast<T>(normed * weight);
}

#endif // TILE_LIBRARY_RMS_NORM_ROW_H
