// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// load_at takes one tile dimension and one element offset per view
// dimension, and the offsets are integers.
// CHECK-DAG: error: static assertion failed{{.*}}tile::load_at<Shape...>(view, offset...): give one element offset per view dimension
// CHECK-DAG: error: static assertion failed{{.*}}tile::load_at<Shape...>(view, offset...): give one tile dimension per view dimension
// CHECK-DAG: error: static assertion failed{{.*}}tile::load_at: element offsets must be integers
TILE_KERNEL void one_offset(tile::Piece<float, 8, 8> out,
                            tile::View<float, 2> x) {
  out.store(tile::load_at<8, 8>(x, 0));
}

TILE_KERNEL void one_dimension(tile::Piece<float, 8> out,
                               tile::View<float, 2> x) {
  auto t = tile::load_at<8>(x, 0, 0);
  out.store(tile::reshape<8>(t));
}

TILE_KERNEL void float_offset(tile::Piece<float, 8> out, tile::View<float> x) {
  out.store(tile::load_at<8>(x, 1.5f));
}
