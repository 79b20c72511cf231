// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// A 2x4x16 f32 tile: 32 runs of 4, one per thread. Both outer coordinates
// are checked against the tensor and scaled by their strides; both outer
// strides must keep runs aligned.
// CHECK-LABEL: gpu.func @copy3d
// CHECK-SAME: %[[X:[^:]*]]: !llvm.ptr<1>, %[[D0:[^:]*]]: i64, %[[D1:[^:]*]]: i64, %[[D2:[^:]*]]: i64, %[[S0:[^:]*]]: i64, %[[S1:[^:]*]]: i64, %{{[^:]*}}: i64)
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK: llvm.ptrtoint %[[X]]
// CHECK: arith.muli %[[S0]], %{{.*}} : i64
// CHECK: arith.ori
// CHECK: arith.muli %[[S1]], %{{.*}} : i64
// CHECK: arith.ori
// CHECK: %[[FLAT:.*]] = arith.ori %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: %[[C16:.*]] = arith.constant 16 : i64
// CHECK-NEXT: %[[K:.*]] = arith.remui %[[FLAT]], %[[C16]] : i64
// CHECK-NEXT: %[[REST:.*]] = arith.divui %[[FLAT]], %[[C16]] : i64
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[J:.*]] = arith.remui %[[REST]], %[[C4]] : i64
// CHECK-NEXT: %[[I:.*]] = arith.divui %[[REST]], %[[C4]] : i64
// CHECK: %[[GI:.*]] = arith.addi %{{.*}}, %[[I]] : i64
// CHECK-NEXT: arith.cmpi ult, %[[GI]], %[[D0]] : i64
// CHECK: arith.muli %[[GI]], %[[S0]] : i64
// CHECK: %[[GJ:.*]] = arith.addi %{{.*}}, %[[J]] : i64
// CHECK-NEXT: arith.cmpi ult, %[[GJ]], %[[D1]] : i64
// CHECK: arith.muli %[[GJ]], %[[S1]] : i64
// CHECK: %[[GK:.*]] = arith.addi %{{.*}}, %[[K]] : i64
// CHECK: arith.cmpi ult, %[[GK]], %[[D2]] : i64
// CHECK: arith.subi %[[D2]], %[[GK]] : i64
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// The piece is placed by block ids x, y and z.
// CHECK: gpu.block_id x
// CHECK: gpu.block_id y
// CHECK: gpu.block_id z
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
func.func @copy3d(%out: !tile.piece<2x4x16xf32>, %x: !tile.view<?x?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %q = tile.program_id 1 : i32
  %r = tile.program_id 2 : i32
  %t = tile.load %x[%p, %q, %r] : !tile.view<?x?x?xf32> -> !tile.tile<2x4x16xf32>
  tile.store %t, %out : !tile.tile<2x4x16xf32>, !tile.piece<2x4x16xf32>
  return
}
