// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// A concatenation of two tiles without replicas: the second's registers
// follow the first's (one shuffle, no shared memory of its own); the 8 KiB
// buffer is the store's conversion to the blocked layout afterwards.
// CHECK: llvm.mlir.global internal @cat_columns_shared() {{.*}} : !llvm.array<8192 x i8>
// CHECK-LABEL: gpu.func @cat_columns
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] : vector<8xf32>, vector<8xf32>
// CHECK: gpu.barrier
func.func @cat_columns(%out: !tile.piece<8x256xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<8x128xf32>
  %b = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<8x128xf32>
  %c = tile.cat %a, %b {axis = 1 : i32} : !tile.tile<8x128xf32> to !tile.tile<8x256xf32>
  tile.store %c, %out : !tile.tile<8x256xf32>, !tile.piece<8x256xf32>
  return
}

// -----

// 32 elements on a warp leave lanes 8 to 31 holding replicas: the second
// half goes to lane bit 3, whose lanes take the second tile's registers.
// No shared memory, no barrier.
// CHECK-NOT: llvm.mlir.global
// CHECK-LABEL: gpu.func @cat_lanes
// CHECK: %[[BIT:.*]] = arith.andi %{{.*}}, %c8_i32
// CHECK: %[[UPPER:.*]] = arith.cmpi ne, %[[BIT]], %c0_i32
// CHECK: arith.select %[[UPPER]], %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
func.func @cat_lanes(%out: !tile.piece<64xi32>, %x: !tile.view<?xi32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xi32> -> !tile.tile<32xi32>
  %b = tile.load %x[%p] : !tile.view<?xi32> -> !tile.tile<32xi32>
  %c = tile.cat %a, %b {axis = 0 : i32} : !tile.tile<32xi32> to !tile.tile<64xi32>
  tile.store %c, %out : !tile.tile<64xi32>, !tile.piece<64xi32>
  return
}

// -----

// A shift writes its input (4 KiB) to shared memory, clamps the amount to
// [-256, 256] once, and reads each element from its coordinate minus the
// amount where that is inside the row (one unsigned compare), else takes
// the fill; barriers before and after the reads. The result keeps the
// input's layout, so the sum needs no conversion.
// CHECK: llvm.mlir.global internal @shift_row_shared() {{.*}} : !llvm.array<4096 x i8>
// CHECK-LABEL: gpu.func @shift_row
// CHECK-SAME: %[[K:[^:]*]]: i64, %[[FILL:[^:]*]]: f32)
// CHECK: %[[LO:.*]] = arith.maxsi %[[K]], %c-256_i64 : i64
// CHECK: %[[HI:.*]] = arith.minsi %[[LO]], %c256_i64{{.*}} : i64
// CHECK: %[[BY:.*]] = arith.trunci %[[HI]] : i64 to i32
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: %[[FROM:.*]] = arith.subi %{{.*}}, %[[BY]] : i32
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult, %[[FROM]], %c256_i32{{.*}} : i32
// CHECK: %[[INDEX:.*]] = arith.select %[[INSIDE]], %{{.*}}, %c0_i32{{.*}} : i32
// CHECK: %[[AT:.*]] = llvm.getelementptr %{{.*}}[%[[INDEX]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: %[[V:.*]] = llvm.load %[[AT]] {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK: arith.select %[[INSIDE]], %[[V]], %[[FILL]] : f32
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
func.func @shift_row(%out: !tile.piece<4x256xf32>, %x: !tile.view<?x?xf32>, %k: i64, %f: f32) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<4x256xf32>
  %s = tile.shift %a, %k, %f {axis = 1 : i32} : !tile.tile<4x256xf32>, f32
  %t = tile.add %a, %s : !tile.tile<4x256xf32>
  tile.store %t, %out : !tile.tile<4x256xf32>, !tile.piece<4x256xf32>
  return
}

// -----

// A roll needs no mask: the difference's low bits are the position.
// CHECK: llvm.mlir.global internal @roll_column_shared() {{.*}} : !llvm.array<512 x i8>
// CHECK-LABEL: gpu.func @roll_column
// CHECK: %[[BY:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: gpu.barrier
// CHECK: %[[D:.*]] = arith.subi %{{.*}}, %[[BY]] : i32
// CHECK: arith.andi %[[D]], %c31_i32{{.*}} : i32
// CHECK-NOT: arith.cmpi ult
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: gpu.barrier
func.func @roll_column(%out: !tile.piece<32x4xi32>, %x: !tile.view<?x?xi32>, %k: i64) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p, %p] : !tile.view<?x?xi32> -> !tile.tile<32x4xi32>
  %r = tile.roll %a, %k {axis = 0 : i32} : !tile.tile<32x4xi32>
  tile.store %r, %out : !tile.tile<32x4xi32>, !tile.piece<32x4xi32>
  return
}

// -----

// A slice of a mask and a pad: booleans are bytes in shared memory, the
// zero outside selected as a byte and turned back to i1; the pad's fill is
// stored as a byte too. The buffer holds the larger input, 64 bytes.
// CHECK: llvm.mlir.global internal @slice_pad_shared() {{.*}} : !llvm.array<64 x i8>
// CHECK-LABEL: gpu.func @slice_pad
// CHECK: gpu.barrier
// CHECK: %[[B:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<3> -> i8
// CHECK: arith.select %{{.*}}, %[[B]], %c0_i8 : i8
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: %[[FILL:.*]] = arith.extui %{{.*}} : i1 to i8
// CHECK: %[[P:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<3> -> i8
// CHECK: arith.select %{{.*}}, %[[P]], %[[FILL]] : i8
// CHECK: gpu.barrier
func.func @slice_pad(%out: !tile.piece<8x8xi1>, %x: !tile.view<?x?xi1>, %r: i64, %c: i64, %f: i1) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p, %p] : !tile.view<?x?xi1> -> !tile.tile<8x8xi1>
  %s = tile.slice %a[%r, %c] : !tile.tile<8x8xi1> to !tile.tile<4x8xi1>
  %t = tile.pad %s, %f : !tile.tile<4x8xi1>, i1 to !tile.tile<8x8xi1>
  tile.store %t, %out : !tile.tile<8x8xi1>, !tile.piece<8x8xi1>
  return
}
