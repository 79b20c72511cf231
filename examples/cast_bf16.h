// out = bf16(x): f32 to bf16, rounding to nearest even.
#ifndef TILE_EXAMPLES_CAST_BF16_H
#define TILE_EXAMPLES_CAST_BF16_H

#include <tile/kernel.h>

template <int N>
TILE_KERNEL void cast_bf16(tile::Piece<tile::bf16, N> out,
                           tile::View<float> x) {
  out.store(tile::cast<tile::bf16>(tile::load_like(x, out)));
}

#endif // TILE_EXAMPLES_CAST_BF16_H
