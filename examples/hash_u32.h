// A 32-bit hash of each element: out = xorshift32(x ^ seed), uint32_t in and
// out. Marsaglia's xorshift32 mixes the bits with three shift-and-xor steps
// (13 left, 17 right, 5 left); it needs unsigned integers, whose right shift
// brings in zeros (a signed one would copy the sign bit in) and whose values
// of 2^31 and more are large, not negative. The seed is a uint32_t
// parameter, which the metadata names u32: a launch must pass a u32.
#ifndef TILE_EXAMPLES_HASH_U32_H
#define TILE_EXAMPLES_HASH_U32_H

#include <tile/kernel.h>

template <int Block>
TILE_KERNEL void hash_u32(tile::Piece<uint32_t, Block> out,
                          tile::View<uint32_t> x, uint32_t seed) {
  auto h = tile::load_like(x, out) ^ seed;
  h = h ^ (h << 13u);
  h = h ^ (h >> 17u);
  h = h ^ (h << 5u);
  out.store(h);
}

#endif // TILE_EXAMPLES_HASH_U32_H
