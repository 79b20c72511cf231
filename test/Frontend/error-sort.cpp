// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// A sort takes an axis of the tile and at most 4096 elements.
// CHECK-DAG: error: static assertion failed{{.*}}tile::sort and tile::argsort: axis out of range
// CHECK-DAG: error: static assertion failed{{.*}}tile::sort and tile::argsort take tiles of at most 4096 elements (tile::max_sort_elements)
TILE_KERNEL void axis(tile::Piece<float, 4, 64> out, tile::View<float, 2> x) {
  out.store(tile::sort<2>(tile::load<4, 64>(x, 0, 0)));
}

TILE_KERNEL void large(tile::Piece<float, 8, 1024> out,
                       tile::View<float, 2> x) {
  out.store(tile::sort<1>(tile::load<8, 1024>(x, 0, 0)));
}
