// Each row sorted in ascending order, with the column each element came
// from: torch.sort(x, dim=1, stable=True). Columns past the row's end are
// read as NaN, which sorts after every number and, among NaNs, after the
// row's own (ties keep their order), so they fall past the end again.
#ifndef TILE_EXAMPLES_SORT_ROWS_H
#define TILE_EXAMPLES_SORT_ROWS_H

#include <tile/kernel.h>

template <int Block>
TILE_KERNEL void sort_rows(tile::Piece<float, 1, Block> sorted,
                           tile::Piece<int32_t, 1, Block> order,
                           tile::View<float, 2> x) {
  auto column = tile::reshape<1, Block>(tile::iota<int64_t, Block>());
  auto nan = tile::bitcast<float>(tile::full<int32_t, 1, Block>(0x7fc00000));
  auto row = tile::select(column < x.size(1), tile::load_like(x, sorted), nan);
  sorted.store(tile::sort<1>(row));
  order.store(tile::argsort<1>(row));
}

#endif // TILE_EXAMPLES_SORT_ROWS_H
