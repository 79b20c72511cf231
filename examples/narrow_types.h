// The 8- and 16-bit element types: each float of x rounded to tile::f8e4m3
// and tile::f8e5m2 (nearest even, saturating) and truncated to int8_t and
// int16_t (saturating), each stored as its own tensor; then arithmetic at
// those widths (integers wrap) and casts between the narrow types, which
// go through float.
#ifndef TILE_EXAMPLES_NARROW_TYPES_H
#define TILE_EXAMPLES_NARROW_TYPES_H

#include <tile/kernel.h>

template <int N>
TILE_KERNEL void
narrow_types(tile::Piece<tile::f8e4m3, N> e4m3,
             tile::Piece<tile::f8e5m2, N> e5m2, tile::Piece<int8_t, N> bytes,
             tile::Piece<int16_t, N> shorts, tile::Piece<tile::bf16, N> mixed,
             tile::View<float> x) {
  auto values = tile::load_like(x, e4m3);
  auto narrow = tile::cast<tile::f8e4m3>(values);
  e4m3.store(narrow);
  e5m2.store(tile::cast<tile::f8e5m2>(values * 100.0f));
  // Products of 8-bit integers wrap; shifts stay within 16 bits.
  auto small = tile::cast<int8_t>(values);
  bytes.store(small * int8_t(3) + (small >> int8_t(1)));
  shorts.store(tile::cast<int16_t>(values * 1000.0f) ^
               (tile::cast<int16_t>(small) << int16_t(4)));
  // e4m3 to e5m2 (rounded again), and a byte's bits read as an e4m3.
  auto again = tile::cast<tile::f8e5m2>(narrow);
  auto fromBits = tile::bitcast<tile::f8e4m3>(small & int8_t(0x77));
  mixed.store(tile::cast<tile::bf16>(tile::cast<float>(again) +
                                     tile::cast<float>(fromBits)));
}

#endif // TILE_EXAMPLES_NARROW_TYPES_H
