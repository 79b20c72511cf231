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

// The same for at most Bins bins: each program counts its piece first
// (tile::histogram, in shared memory), then adds each bin's count with one
// atomic update. Every program updates the same few elements of counts,
// whose updates take turns: Bins of them per program instead of Block.
template <int Block, int Bins>
TILE_KERNEL
TILE_MAX_THREADS(256) void histogram_bins(tile::Piece<const int32_t, Block> x,
                                          tile::Atomic<int32_t> counts) {
  TILE_REQUIRE(counts.size(0) <= Bins);
  int64_t rest = x.size(0) - int64_t(tile::program_id(0)) * Block;
  int32_t held = rest < Block ? int32_t(rest) : Block;
  // The last piece is ragged: its zeros past the end are not values.
  auto local =
      tile::histogram<Bins>(x.load(), tile::iota<int32_t, Block>() < held);
  counts.add(local, tile::iota<int32_t, Bins>(), local > 0);
}

#endif // TILE_EXAMPLES_HISTOGRAM_H
