// A histogram of int32 values: counts[v] is how many elements of x equal v,
// for v in [0, bins); other values count nowhere. Each program counts its
// piece of x (an input piece, which gives the grid) into the one shared
// output with atomic adds (tile::Atomic), so one launch does it all;
// counts must be zero before the launch.
#ifndef TILE_EXAMPLES_HISTOGRAM_H
#define TILE_EXAMPLES_HISTOGRAM_H

#include <tile/kernel.h>

template <int Block>
TILE_KERNEL void histogram(tile::Piece<const int32_t, Block> x,
                           tile::Atomic<int32_t> counts) {
  auto position =
      tile::iota<int64_t, Block>() + int64_t(tile::program_id(0)) * Block;
  // The last piece is ragged: its zeros past the end are not values.
  counts.add(tile::full<int32_t, Block>(1), x.load(), position < x.size(0));
}

#endif // TILE_EXAMPLES_HISTOGRAM_H
