// y = a * x + y in f32, updating y in place through its own piece. The
// product and the sum round separately, as written (no fused multiply-add).
#ifndef TILE_EXAMPLES_SAXPY_H
#define TILE_EXAMPLES_SAXPY_H

#include <tile/kernel.h>

template <int N>
TILE_KERNEL void saxpy(tile::Piece<float, N> y, tile::View<float> x, float a) {
  y.store(a * tile::load_like(x, y) + y.load());
}

#endif // TILE_EXAMPLES_SAXPY_H
