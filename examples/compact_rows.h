// Stream compaction of rows: the elements of each row above a threshold,
// in their order, packed at the row's front; zeros after them. A prefix
// sum of the kept flags gives each kept element its slot, and a scatter
// writes it there: a store where data says, inside the program's own row.
#ifndef TILE_EXAMPLES_COMPACT_ROWS_H
#define TILE_EXAMPLES_COMPACT_ROWS_H

#include <tile/kernel.h>

template <int Block>
TILE_KERNEL void compact_rows(tile::Piece<float, 1, Block> out,
                              tile::View<float, 2> x, float threshold) {
  auto row = tile::load_like(x, out);
  auto column = tile::reshape<1, Block>(tile::iota<int64_t, Block>());
  auto keep = row > threshold && column < x.size(1);
  auto slot = tile::cumsum<1>(tile::cast<int32_t>(keep)) - 1;
  out.store(tile::full<float, 1, Block>(0.0f));
  out.scatter(row, tile::full<int32_t, 1, Block>(0), slot, keep);
}

#endif // TILE_EXAMPLES_COMPACT_ROWS_H
