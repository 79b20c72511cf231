// The cumulative sum of each row: out[r, c] = x[r, 0] + ... + x[r, c], f32.
// A program owns a block of Rows whole rows (the piece is as wide as the
// longest row it takes, Block * Blocks) and walks them in chunks of Block
// columns: each chunk's prefix sum (tile::cumsum), plus the sum of the
// chunks before it, carried by the loop.
#ifndef TILE_EXAMPLES_CUMSUM_ROWS_H
#define TILE_EXAMPLES_CUMSUM_ROWS_H

#include <tile/kernel.h>

template <int Rows, int Block, int Blocks>
TILE_KERNEL void cumsum_rows(tile::Piece<float, Rows, Block * Blocks> out,
                             tile::View<float, 2> x) {
  int rows = tile::program_id(0);
  auto carry = tile::full<float, Rows, 1>(0.0f);
  for (int b = 0; b < Blocks; ++b) {
    auto chunk = tile::load<Rows, Block>(x, rows, b);
    auto running =
        tile::cumsum<1>(chunk) + tile::broadcast<Rows, Block>(carry);
    out.store_at(running, 0, b);
    carry = carry + tile::reduce_sum<1>(chunk);
  }
}

#endif // TILE_EXAMPLES_CUMSUM_ROWS_H
