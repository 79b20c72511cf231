// RUN: tile-opt %s --convert-tile-to-gpu --split-input-file | FileCheck %s

// Small tiles get fewer threads: 64 f32 elements are 16 runs of 4.
// CHECK: gpu.func @small
// CHECK-SAME: known_block_size = array<i32: 16, 1, 1>
func.func @small(%out: !tile.piece<64xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<64xf32>
  tile.store %t, %out : !tile.tile<64xf32>, !tile.piece<64xf32>
  return
}

// -----

// The narrowest element type in memory sets the run: f16 runs of 8; f32
// tiles computed in between use the same layout.
// CHECK: gpu.func @mixed
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK: arith.extf %{{.*}} : vector<16xf16> to vector<16xf32>
func.func @mixed(%out: !tile.piece<2048xf16>, %x: !tile.view<?xf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p] : !tile.view<?xf16> -> !tile.tile<2048xf16>
  %w = tile.cast %t : !tile.tile<2048xf16> to !tile.tile<2048xf32>
  %e = tile.exp %w : !tile.tile<2048xf32>
  %n = tile.cast %e : !tile.tile<2048xf32> to !tile.tile<2048xf16>
  tile.store %n, %out : !tile.tile<2048xf16>, !tile.piece<2048xf16>
  return
}

// -----

// A row of 6 elements cannot hold runs of 4: runs shrink to 2.
// CHECK: gpu.func @narrow_rows
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
func.func @narrow_rows(%out: !tile.piece<32x6xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %q = tile.program_id 1 : i32
  %t = tile.load %x[%p, %q] : !tile.view<?x?xf32> -> !tile.tile<32x6xf32>
  tile.store %t, %out : !tile.tile<32x6xf32>, !tile.piece<32x6xf32>
  return
}
