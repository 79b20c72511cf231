// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// A scan's axis is one of the tile's dimensions, and scans take numbers.
// CHECK-DAG: error: static assertion failed{{.*}}scan axis out of range
// CHECK-DAG: error: no matching function for call to 'cumsum'
TILE_KERNEL void axis(tile::Piece<float, 8> out, tile::View<float> x) {
  out.store(tile::cumsum<1>(tile::load_like(x, out)));
}

TILE_KERNEL void masks(tile::Piece<bool, 8> out, tile::View<bool> x) {
  out.store(tile::cumsum<0>(tile::load_like(x, out)));
}
