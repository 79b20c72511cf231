// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// prefetch takes one tile dimension and one tile index per view dimension,
// and positive dimensions; each mistake is reported where it is made.
// CHECK-DAG: error: static assertion failed{{.*}}give one tile dimension per view dimension
// CHECK-DAG: error: static assertion failed{{.*}}give one tile index per view dimension
// CHECK-DAG: error: static assertion failed{{.*}}tile::prefetch: tile dimensions must be positive
TILE_KERNEL void one_dimension(tile::Piece<float, 8> out,
                               tile::View<float, 2> x) {
  tile::prefetch<8>(x, 0, 0);
  out.store(tile::full<float, 8>(0.0f));
}

TILE_KERNEL void one_index(tile::Piece<float, 8> out, tile::View<float, 2> x) {
  tile::prefetch<1, 8>(x, 0);
  out.store(tile::full<float, 8>(0.0f));
}

TILE_KERNEL void empty(tile::Piece<float, 8> out, tile::View<float, 2> x) {
  tile::prefetch<1, 0>(x, 0, 0);
  out.store(tile::full<float, 8>(0.0f));
}
