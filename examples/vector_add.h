// z = x + y over f32 vectors: the smallest kernel. Each program adds one
// piece of 2048 elements.
#ifndef TILE_EXAMPLES_VECTOR_ADD_H
#define TILE_EXAMPLES_VECTOR_ADD_H

#include <tile/kernel.h>

template <int N>
TILE_KERNEL void vector_add(tile::Piece<float, N> z, tile::View<float> x,
                            tile::View<float> y) {
  z.store(tile::load_like(x, z) + tile::load_like(y, z));
}

#endif // TILE_EXAMPLES_VECTOR_ADD_H
