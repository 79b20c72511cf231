// out = silu(x) * y in f16, computed in f32: the gate of a SwiGLU MLP.
// silu(x) = x / (1 + e^-x).
#ifndef TILE_EXAMPLES_SILU_MUL_H
#define TILE_EXAMPLES_SILU_MUL_H

#include <tile/kernel.h>

template <int N>
TILE_KERNEL void silu_mul(tile::Piece<tile::f16, N> out,
                          tile::View<tile::f16> x, tile::View<tile::f16> y) {
  auto xf = tile::cast<float>(tile::load_like(x, out));
  auto yf = tile::cast<float>(tile::load_like(y, out));
  auto silu = xf / (1.0f + tile::exp(-xf));
  out.store(tile::cast<tile::f16>(silu * yf));
}

#endif // TILE_EXAMPLES_SILU_MUL_H
