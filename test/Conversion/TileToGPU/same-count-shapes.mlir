// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// Tiles of different shapes but the same element count share one layout:
// both flatten to 512 elements, 4 per thread.
// CHECK-LABEL: gpu.func @two_outputs
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK: arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: arith.constant 256 : i64
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: arith.constant 512 : i64
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<1>
// CHECK-NOT: tile.
func.func @two_outputs(%a: !tile.piece<2x256xf32>, %b: !tile.piece<512xi32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %i = tile.iota : !tile.tile<512xi32>
  %t = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<2x256xf32>
  tile.store %t, %a : !tile.tile<2x256xf32>, !tile.piece<2x256xf32>
  tile.store %i, %b : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}
