// z = x + y over f32 vectors: the smallest kernel. Each program adds one
// piece of 2048 elements.
#include <tile/kernel.h>

template <int N>
TILE_KERNEL void vector_add(tile::Piece<float, N> z, tile::View<float> x,
                            tile::View<float> y) {
  z.store(tile::load_like(x, z) + tile::load_like(y, z));
}

template void vector_add<2048>(tile::Piece<float, 2048>, tile::View<float>,
                               tile::View<float>);
