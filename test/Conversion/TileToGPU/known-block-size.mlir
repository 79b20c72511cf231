// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s
// RUN: tile-opt %s --tile-assign-layouts="max-threads=32" --convert-tile-to-gpu --split-input-file | FileCheck %s --check-prefix=MAX32

// The block size is the number of 16-byte runs of the largest tile, rounded
// to whole warps and at most 128 threads (max-threads); each thread holds the
// rest as a vector.

// 1024 f32: 256 runs of 4, 128 threads, 8 elements each.
// CHECK-LABEL: gpu.func @f32_1024
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK: vector<8xf32>
// MAX32-LABEL: gpu.func @f32_1024
// MAX32-SAME: known_block_size = array<i32: 32, 1, 1>
// MAX32: vector<32xf32>
func.func @f32_1024(%out: !tile.piece<1024xf32>, %s: f32) attributes {tile.kernel} {
  %t = tile.splat %s : f32 -> !tile.tile<1024xf32>
  tile.store %t, %out : !tile.tile<1024xf32>, !tile.piece<1024xf32>
  return
}

// -----

// 64 f32: 16 runs fill half a warp; the other half holds replicas, which
// do not store.
// CHECK-LABEL: gpu.func @f32_64
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK: vector<4xf32>
// CHECK: arith.constant 16 : i32
// CHECK: scf.if
// CHECK: llvm.store
// MAX32-LABEL: gpu.func @f32_64
// MAX32-SAME: known_block_size = array<i32: 32, 1, 1>
func.func @f32_64(%out: !tile.piece<64xf32>, %s: f32) attributes {tile.kernel} {
  %t = tile.splat %s : f32 -> !tile.tile<64xf32>
  tile.store %t, %out : !tile.tile<64xf32>, !tile.piece<64xf32>
  return
}

// -----

// f16 runs are 8 elements: 2048 f16 are 256 runs, 128 threads of 16.
// CHECK-LABEL: gpu.func @f16_2048
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK: vector<16xf16>
func.func @f16_2048(%out: !tile.piece<2048xf16>, %s: f16) attributes {tile.kernel} {
  %t = tile.splat %s : f16 -> !tile.tile<2048xf16>
  tile.store %t, %out : !tile.tile<2048xf16>, !tile.piece<2048xf16>
  return
}

// -----

// i64 runs are 2 elements: 128 i64 are 64 runs, two warps.
// CHECK-LABEL: gpu.func @i64_128
// CHECK-SAME: known_block_size = array<i32: 64, 1, 1>
// CHECK: vector<2xi64>
func.func @i64_128(%out: !tile.piece<128xi64>, %s: i64) attributes {tile.kernel} {
  %t = tile.splat %s : i64 -> !tile.tile<128xi64>
  tile.store %t, %out : !tile.tile<128xi64>, !tile.piece<128xi64>
  return
}

// -----

// Booleans are stored as bytes: runs of 16.
// CHECK-LABEL: gpu.func @i1_256
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK: vector<16xi1>
func.func @i1_256(%out: !tile.piece<256xi1>, %s: i1) attributes {tile.kernel} {
  %t = tile.splat %s : i1 -> !tile.tile<256xi1>
  tile.store %t, %out : !tile.tile<256xi1>, !tile.piece<256xi1>
  return
}

// -----

// A run never crosses a row: 8x2 f32 tiles have runs of 2.
// CHECK-LABEL: gpu.func @narrow_rows
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
func.func @narrow_rows(%out: !tile.piece<8x2xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<8x2xf32>
  tile.store %t, %out : !tile.tile<8x2xf32>, !tile.piece<8x2xf32>
  return
}

// -----

// The narrowest type in memory sets the run for every tile: f16 in memory,
// f32 in registers, whose runs of 8 move as two 16-byte accesses.
// CHECK-LABEL: gpu.func @mixed_widths
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK: arith.extf %{{.*}} : vector<16xf16> to vector<16xf32>
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
func.func @mixed_widths(%out: !tile.piece<2048xf16>, %x: !tile.view<?xf16>, %y: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf16> -> !tile.tile<2048xf16>
  %w = tile.cast %a : !tile.tile<2048xf16> to !tile.tile<2048xf32>
  %b = tile.load %y[%p] : !tile.view<?xf32> -> !tile.tile<2048xf32>
  %s = tile.add %w, %b : !tile.tile<2048xf32>
  %n = tile.cast %s : !tile.tile<2048xf32> to !tile.tile<2048xf16>
  tile.store %n, %out : !tile.tile<2048xf16>, !tile.piece<2048xf16>
  return
}

// -----

// A kernel without tiles runs one warp.
// CHECK-LABEL: gpu.func @no_tiles
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
func.func @no_tiles(%x: i32) attributes {tile.kernel} {
  return
}
