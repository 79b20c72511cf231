// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// A sort of the rows of a 2 x 8 tile: every key (f32) and its index along
// the row go to the shared buffer (16 x 4 bytes each, written by the first
// of each element's replicas), then six compare-and-exchange steps (blocks
// of 2, 4 and 8) over the 8 pairs, each between barriers; a pair compares
// keys with NaN above any number, then indices; then each thread reads both
// results back.
// CHECK: llvm.mlir.global internal @rows_shared() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x i8>
// CHECK-LABEL: gpu.func @rows
// CHECK: scf.if
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: %[[PAIRS:.*]] = arith.constant 8 : i32
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[PAIRS]] step %{{.*}} : i32 {
// CHECK: %[[K1:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: %[[K2:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: arith.cmpf ord
// CHECK: arith.cmpf uno
// CHECK: arith.cmpf olt
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK: scf.if
// CHECK-NEXT: llvm.getelementptr
// CHECK-NEXT: llvm.store %[[K2]]
// CHECK: gpu.barrier
// CHECK-COUNT-5: scf.for
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: gpu.barrier
// CHECK-NOT: scf.for
// CHECK: gpu.return
func.func @rows(%out: !tile.piece<2x8xf32>, %idx: !tile.piece<2x8xi32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %v = tile.load %x[%c0, %c0] : <?x?xf32> -> <2x8xf32>
  %s, %i = tile.sort %v {axis = 1 : i32} : !tile.tile<2x8xf32> -> !tile.tile<2x8xi32>
  tile.store %s, %out : <2x8xf32>, <2x8xf32>
  tile.store %i, %idx : <2x8xi32>, <2x8xi32>
  return
}
