// Dropout with a counter-based random mask: out = x * scale where the hash
// of the element's index and a seed is at least `threshold`, else 0. The
// hash is a 64-bit xorshift of index ^ seed; its low 31 bits are uniform
// in [0, 2^31), so threshold = p * 2^31 drops a fraction p. The same seed
// gives the same mask on every run and on every device, with no state.
#ifndef TILE_EXAMPLES_DROPOUT_H
#define TILE_EXAMPLES_DROPOUT_H

#include <tile/kernel.h>

#include <cstdint>

template <int N>
TILE_KERNEL void dropout(tile::Piece<float, N> out, tile::View<float> x,
                         int64_t seed, int64_t threshold, float scale) {
  int64_t first = int64_t(tile::program_id(0)) * N;
  auto hash = (tile::iota<int64_t, N>() + first) ^ seed;
  hash = hash ^ (hash << int64_t(13));
  hash = hash ^ (hash >> int64_t(7));
  hash = hash ^ (hash << int64_t(17));
  auto dropped = (hash & int64_t(0x7fffffff)) < threshold;
  auto values = tile::load_like(x, out);
  out.store(tile::select(!dropped, values * scale, tile::full<float, N>(0.0f)));
}

#endif // TILE_EXAMPLES_DROPOUT_H
