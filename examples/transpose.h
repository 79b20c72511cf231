// out = x^T for a rows x columns matrix x, by S x S tiles: the program at
// (i, j) of the output reads tile (j, i) of x and permutes it.
#ifndef TILE_EXAMPLES_TRANSPOSE_H
#define TILE_EXAMPLES_TRANSPOSE_H

#include <tile/kernel.h>

template <int S>
TILE_KERNEL void transpose(tile::Piece<float, S, S> out,
                           tile::View<float, 2> x) {
  auto block = tile::load<S, S>(x, tile::program_id(1), tile::program_id(0));
  out.store(tile::permute<1, 0>(block));
}

#endif // TILE_EXAMPLES_TRANSPOSE_H
