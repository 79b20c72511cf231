// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// A scan of 1024 elements over 128 threads: layout registers [0, 1, 9],
// lanes [2..6], warps [7, 8]. Bits 0 and 1 combine registers of a thread,
// bits 2 to 6 shuffle across lanes (one shuffle per distinct running total:
// registers that share one shuffle it once), bits 7 and 8 exchange through
// shared memory, bit 9 combines registers again. An element in the upper
// block of a step puts its partner's total before its prefix.

// CHECK: llvm.mlir.global internal @scan_sum_shared() {{.*}} : !llvm.array<4096 x i8>
// CHECK-LABEL: gpu.func @scan_sum
// Bit 0: registers 0 and 1; register 1 is the upper one.
// CHECK: %[[R0:.*]] = vector.extract %{{.*}}[0] : f32 from vector<8xf32>
// CHECK: %[[R1:.*]] = vector.extract %{{.*}}[1] : f32 from vector<8xf32>
// CHECK: %[[UP1:.*]] = arith.addf %[[R0]], %[[R1]] : f32
// CHECK: arith.select %true{{.*}}, %[[UP1]], %[[R1]] : f32
// CHECK: %[[PAIR:.*]] = arith.addf %[[R0]], %[[R1]] : f32
// Lanes: two distinct totals, so two shuffles per lane bit.
// CHECK: gpu.shuffle  xor %{{.*}}, %c1_i32{{.*}}, %c32_i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c1_i32{{.*}}, %c32_i32
// CHECK-NOT: gpu.shuffle  xor %{{.*}}, %c1_i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c16_i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c16_i32
// Warps: each distinct total written once, read back at the element of the
// other warp.
// CHECK: %[[BASE:.*]] = llvm.mlir.addressof @scan_sum_shared : !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK-NEXT: gpu.barrier
// CHECK: arith.xori %{{.*}}, %c128_i32 : i32
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: gpu.barrier
// CHECK: arith.xori %{{.*}}, %c256_i32 : i32
// CHECK: gpu.barrier
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.return
func.func @scan_sum(%out: !tile.piece<1024xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<1024xf32>
  %s = tile.scan sum %a {axis = 0 : i32} : !tile.tile<1024xf32>
  tile.store %s, %out : !tile.tile<1024xf32>, !tile.piece<1024xf32>
  return
}

// -----

// An exclusive scan starts every prefix at zero; integers add with addi.
// Along axis 1 of 4 x 32, held by registers and lanes of one warp: no
// shared memory.
// CHECK-NOT: llvm.mlir.global
// CHECK-LABEL: gpu.func @exclusive_rows
// CHECK: %[[FIRST:.*]] = vector.extract %{{.*}}[0] : i32 from vector<4xi32>
// CHECK: arith.addi %[[FIRST]], %c0_i32{{[_0-9]*}} : i32
// CHECK: gpu.shuffle  xor
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
func.func @exclusive_rows(%out: !tile.piece<4x32xi32>, %x: !tile.view<?x?xi32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p, %p] : !tile.view<?x?xi32> -> !tile.tile<4x32xi32>
  %s = tile.scan sum %a {axis = 1 : i32, exclusive} : !tile.tile<4x32xi32>
  tile.store %s, %out : !tile.tile<4x32xi32>, !tile.piece<4x32xi32>
  return
}

// -----

// A running maximum of bf16 folds in f32 with maximumf and rounds once.
// CHECK-LABEL: gpu.func @cummax_bf16
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: arith.maximumf
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @cummax_bf16(%out: !tile.piece<256xbf16>, %x: !tile.view<?xbf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xbf16> -> !tile.tile<256xbf16>
  %s = tile.scan max %a {axis = 0 : i32} : !tile.tile<256xbf16>
  tile.store %s, %out : !tile.tile<256xbf16>, !tile.piece<256xbf16>
  return
}

// -----

// A running product multiplies in f32.
// CHECK-LABEL: gpu.func @cumprod
// CHECK: arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: gpu.shuffle  xor
// CHECK: gpu.return
func.func @cumprod(%out: !tile.piece<256xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<256xf32>
  %s = tile.scan prod %a {axis = 0 : i32} : !tile.tile<256xf32>
  tile.store %s, %out : !tile.tile<256xf32>, !tile.piece<256xf32>
  return
}

// -----

// A scan with a combiner region clones it for the prefixes and the block
// totals at each bit of the axis.
// CHECK-LABEL: gpu.func @running_max
// CHECK: arith.maxsi
// CHECK: gpu.shuffle xor
// CHECK: arith.maxsi
// CHECK-NOT: tile.
func.func @running_max(%out: !tile.piece<64xi64>, %x: !tile.view<?xi64>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p] : !tile.view<?xi64> -> !tile.tile<64xi64>
  %s = tile.scan_with %t {axis = 0 : i32} : !tile.tile<64xi64> {
  ^bb0(%a: i64, %b: i64):
    %m = arith.maxsi %a, %b : i64
    tile.yield %m : i64
  }
  tile.store %s, %out : !tile.tile<64xi64>, !tile.piece<64xi64>
  return
}
