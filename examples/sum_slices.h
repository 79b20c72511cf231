// out = x[0:n] + x[n:2n] + ... over `slices` slices of x: a loop that
// carries a tile from one iteration to the next.
#ifndef TILE_EXAMPLES_SUM_SLICES_H
#define TILE_EXAMPLES_SUM_SLICES_H

#include <tile/kernel.h>

template <int N>
TILE_KERNEL void sum_slices(tile::Piece<float, N> out, tile::View<float> x,
                            int slices) {
  auto acc = tile::full<float, N>(0.0f);
  int blocks = tile::num_programs(0);
  // In 64 bits: the slices together may hold more than 2^31 elements.
  for (int64_t k = 0; k < slices; ++k)
    acc = acc + tile::load<N>(x, int32_t(k * blocks + tile::program_id(0)));
  out.store(acc);
}

#endif // TILE_EXAMPLES_SUM_SLICES_H
