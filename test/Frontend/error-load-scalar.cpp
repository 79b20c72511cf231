// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// load_scalar takes one index per view dimension.
// CHECK: error: static assertion failed{{.*}}tile::load_scalar(view, index...): give one index per view dimension
TILE_KERNEL void one_index(tile::Piece<float, 8> out, tile::View<float, 2> x) {
  out.store(tile::full<float, 8>(tile::load_scalar(x, 0)));
}
