// The angles of neox rotary position embedding at one token's position:
// position * theta^(-2i / D) for each i < D / 2, once per column, so that
// every head and half reuses them.
#ifndef TILE_LIBRARY_ROPE_ANGLES_H
#define TILE_LIBRARY_ROPE_ANGLES_H

#include <tile/kernel.h>

template <int D>
tile::Tile<float, 1, 1, D / 2> ropeAngles(const tile::Tile<float, 1> &position,
                                          float theta) {
  constexpr int Half = D / 2;
  auto exponent = tile::cast<float>(tile::iota<int32_t, Half>()) *
                  (-2.0f / static_cast<float>(D));
  auto frequency =
      tile::exp(exponent * tile::log(tile::full<float, Half>(theta)));
  return tile::reshape<1, 1, Half>(frequency * tile::broadcast<Half>(position));
}

#endif // TILE_LIBRARY_ROPE_ANGLES_H
