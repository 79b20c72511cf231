//===- TileOf.h - Tiles from listed values, for host-mode tests -*- C++ -*-===//

#ifndef TILE_TEST_UNIT_HOST_TILEOF_H
#define TILE_TEST_UNIT_HOST_TILEOF_H

#include <tile/kernel.h>

#include <array>

/// The tile whose elements are `values`, row-major:
/// `tileOf<int32_t, 2, 2>({1, 2, 3, 4})`.
template <class T, int... S>
tile::Tile<T, S...> tileOf(const std::array<T, (S * ...)> &values) {
  tile::Tile<T, S...> t;
  for (int i = 0; i < t.size; ++i)
    t[i] = values[i];
  return t;
}

#endif // TILE_TEST_UNIT_HOST_TILEOF_H
