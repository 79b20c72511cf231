// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// tile::sort and tile::argsort are the two results of one tile.sort (of
// one tile, one sort); along axis 1 of a 2-D tile, and along the only axis
// of a bf16 one.
// CHECK-LABEL: func.func @rank
// CHECK: %[[SORTED:.*]], %[[ORDER:.*]] = tile.sort %{{.*}} {axis = 1 : i32} : <4x64xf32> -> <4x64xi32>
// CHECK-NOT: tile.sort {{.*}}<4x64xf32>
// CHECK: tile.store %[[SORTED]], %arg0
// CHECK: tile.store %[[ORDER]], %arg1
// CHECK: tile.sort %{{.*}} {axis = 0 : i32} : <64xbf16> -> <64xi32>
TILE_KERNEL void rank(tile::Piece<float, 4, 64> sorted,
                      tile::Piece<int32_t, 4, 64> order,
                      tile::Piece<tile::bf16, 64> halves,
                      tile::View<float, 2> x, tile::View<tile::bf16> h) {
  auto t = tile::load<4, 64>(x, tile::program_id(0), 0);
  sorted.store(tile::sort<1>(t));
  order.store(tile::argsort<1>(t));
  halves.store(tile::sort<0>(tile::load<64>(h, tile::program_id(0))));
}
