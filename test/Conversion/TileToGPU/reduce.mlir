// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// A 4x256 f32 tile, blocked: each thread holds 4 columns of rows r and r+2
// (registers for column bits 0-1 and row bit 1), lanes span column bits
// 2-6, warps column bit 7 and row bit 0. The sum folds the 4 registers of a
// row in the thread, then across the 32 lanes by butterfly shuffles, then
// across the two warps sharing a row through shared memory: 4 results x 2
// warps x 4 bytes.
// CHECK-LABEL: llvm.mlir.global internal @row_sum_shared() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<32 x i8>
// CHECK-LABEL: gpu.func @row_sum
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK-COUNT-6: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32{{.*}} : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c4_i32{{.*}} : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c8_i32{{.*}} : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c16_i32{{.*}} : f32
// CHECK: llvm.mlir.addressof @row_sum_shared : !llvm.ptr<3>
// Only lane 0 of each warp writes its partials.
// CHECK: scf.if
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NEXT: arith.addf
// CHECK: gpu.barrier
func.func @row_sum(%out: !tile.piece<4x1xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<4x256xf32>
  %s = tile.reduce sum %t {axis = 1 : i32} : !tile.tile<4x256xf32> to !tile.tile<4x1xf32>
  tile.store %s, %out : !tile.tile<4x1xf32>, !tile.piece<4x1xf32>
  return
}

// -----

// Within one warp no shared memory is needed; f16 folds in f32 and rounds
// once. max propagates NaN (maximumf).
// CHECK-NOT: llvm.mlir.global
// CHECK-LABEL: gpu.func @warp_max
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
// CHECK: gpu.shuffle xor
// CHECK-NOT: gpu.barrier
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @warp_max(%out: !tile.piece<1x1xf16>, %x: !tile.view<?x?xf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xf16> -> !tile.tile<1x256xf16>
  %s = tile.reduce max %t {axis = 1 : i32} : !tile.tile<1x256xf16> to !tile.tile<1x1xf16>
  tile.store %s, %out : !tile.tile<1x1xf16>, !tile.piece<1x1xf16>
  return
}

// -----

// Integers fold with integer ops. The 4 rows of a 4x128 tile lie in the
// 4 warps (a row is 32 lanes x 4 registers), so reducing over rows takes no
// shuffles, only the exchange through shared memory.
// CHECK-LABEL: gpu.func @column_min
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.barrier
// CHECK-COUNT-3: arith.minsi %{{.*}}, %{{.*}} : i32
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.return
func.func @column_min(%out: !tile.piece<1x128xi32>, %x: !tile.view<?x?xi32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xi32> -> !tile.tile<4x128xi32>
  %s = tile.reduce min %t {axis = 0 : i32} : !tile.tile<4x128xi32> to !tile.tile<1x128xi32>
  tile.store %s, %out : !tile.tile<1x128xi32>, !tile.piece<1x128xi32>
  return
}

// -----

// A product multiplies: integers with muli, across warps too.
// CHECK-LABEL: gpu.func @column_product
// CHECK: gpu.barrier
// CHECK-COUNT-3: arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: gpu.return
func.func @column_product(%out: !tile.piece<1x128xi32>, %x: !tile.view<?x?xi32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xi32> -> !tile.tile<4x128xi32>
  %s = tile.reduce prod %t {axis = 0 : i32} : !tile.tile<4x128xi32> to !tile.tile<1x128xi32>
  tile.store %s, %out : !tile.tile<1x128xi32>, !tile.piece<1x128xi32>
  return
}

// -----

// A combiner region is cloned wherever two partials meet: in the thread,
// after each shuffle, and after the exchange through shared memory. Its
// uses of values from outside (%mask) stay.
// CHECK-LABEL: gpu.func @row_or
// CHECK-SAME: %[[MASK:[^:]*]]: i32)
// CHECK-COUNT-3: arith.andi %{{.*}}, %[[MASK]] : i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : i32
// CHECK-NEXT: arith.ori
// CHECK-NEXT: arith.andi %{{.*}}, %[[MASK]] : i32
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK-NEXT: arith.ori
// CHECK-NEXT: arith.andi %{{.*}}, %[[MASK]] : i32
// CHECK-NOT: tile.
func.func @row_or(%out: !tile.piece<4x1xi32>, %x: !tile.view<?x?xi32>, %mask: i32) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xi32> -> !tile.tile<4x256xi32>
  %s = tile.reduce_with %t {axis = 1 : i32} : !tile.tile<4x256xi32> to !tile.tile<4x1xi32> {
  ^bb0(%a: i32, %b: i32):
    %o = arith.ori %a, %b : i32
    %m = arith.andi %o, %mask : i32
    tile.yield %m : i32
  }
  tile.store %s, %out : !tile.tile<4x1xi32>, !tile.piece<4x1xi32>
  return
}
