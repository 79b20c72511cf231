// Sums of long rows of floats, accumulated in double: sums[r] = scale *
// (x[r, 0] + ... + x[r, n - 1]), f64. A float accumulator drops the low
// bits of every term once the sum is large (a row of 2^25 ones sums to
// 2^24 in float); double keeps 29 bits more. A program walks its row in
// chunks of Block columns, widens each chunk to double (exactly) and adds
// it to a tile of partial sums, which it reduces once at the end.
#ifndef TILE_EXAMPLES_ROW_SUMS_F64_H
#define TILE_EXAMPLES_ROW_SUMS_F64_H

#include <tile/kernel.h>

template <int Block>
TILE_KERNEL void row_sums_f64(tile::Piece<double, 1> sums,
                              tile::View<float, 2> x, double scale) {
  int row = tile::program_id(0);
  int chunks = int((x.size(1) + (Block - 1)) / Block);
  auto partial = tile::full<double, 1, Block>(0.0);
  for (int c = 0; c < chunks; ++c)
    partial = partial + tile::cast<double>(tile::load<1, Block>(x, row, c));
  sums.store(tile::reshape<1>(tile::reduce_sum<1>(partial)) * scale);
}

#endif // TILE_EXAMPLES_ROW_SUMS_F64_H
