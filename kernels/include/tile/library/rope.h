// Rotary position embedding, neox style, over the H heads of one token per
// program. Each head's D elements are two halves (x1, x2), so the tensors
// are seen as [tokens * H, 2, D / 2]; the result is
//   (x1 cos - x2 sin, x2 cos + x1 sin)
// at angles position * theta^(-2i / D) for i < D / 2.
#ifndef TILE_LIBRARY_ROPE_H
#define TILE_LIBRARY_ROPE_H

#include "rope_angles.h"

#include <tile/kernel.h>

template <int H, int D>
TILE_KERNEL void rope(tile::Piece<tile::bf16, H, 2, D / 2> out,
                      tile::View<tile::bf16, 3> x,
                      tile::View<int32_t, 1> positions, float theta) {
  constexpr int Half = D / 2;
  int32_t token = tile::program_id(0);
  // Each half is loaded, rotated and stored in the same thread layout, so
  // no thread needs an element that another one loaded. The loads come
  // first, to be in flight while the angles are computed.
  auto x1 = tile::cast<float>(tile::load<H, 1, Half>(x, token, 0, 0));
  auto x2 = tile::cast<float>(tile::load<H, 1, Half>(x, token, 1, 0));
  auto position = tile::cast<float>(tile::load<1>(positions, token));
  auto angle = ropeAngles<D>(position, theta);
  auto cos = tile::broadcast<H, 1, Half>(tile::cos(angle));
  auto sin = tile::broadcast<H, 1, Half>(tile::sin(angle));
  out.store_at(tile::cast<tile::bf16>(x1 * cos - x2 * sin), 0, 0, 0);
  out.store_at(tile::cast<tile::bf16>(x2 * cos + x1 * sin), 0, 1, 0);
}

#endif // TILE_LIBRARY_ROPE_H
