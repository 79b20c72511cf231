// Dropout with a counter-based random mask: out = x * scale where a hash of
// the element's index and a seed gives a uniform value of at least p, else
// 0. The hash is a 64-bit xorshift of index ^ seed; 23 of its bits become
// the mantissa of a float in [1, 2), which less 1 is uniform in [0, 1). The
// same seed gives the same mask on every run and every device, with no
// state.
#ifndef TILE_EXAMPLES_DROPOUT_H
#define TILE_EXAMPLES_DROPOUT_H

#include <tile/kernel.h>

#include <cstdint>

template <int N>
TILE_KERNEL void dropout(tile::Piece<float, N> out, tile::View<float> x,
                         int64_t seed, float p, float scale) {
  int64_t first = int64_t(tile::program_id(0)) * N;
  auto hash = (tile::iota<int64_t, N>() + first) ^ seed;
  hash = hash ^ (hash << int64_t(13));
  hash = hash ^ (hash >> int64_t(7));
  hash = hash ^ (hash << int64_t(17));
  auto mantissa = tile::cast<int32_t>(hash & int64_t(0x7fffff));
  auto uniform = tile::bitcast<float>(mantissa | 0x3f800000) - 1.0f;
  auto dropped = uniform < p;
  auto values = tile::load_like(x, out);
  out.store(tile::select(!dropped, values * scale, tile::full<float, N>(0.0f)));
}

#endif // TILE_EXAMPLES_DROPOUT_H
