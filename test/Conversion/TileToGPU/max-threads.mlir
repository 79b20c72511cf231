// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// A kernel's thread limit takes the place of the pass's default (128): a
// 4096-element f32 tile in runs of four fills 256 threads under a limit of
// 256, 128 without one. The limit does not reach the gpu.func.
// CHECK-LABEL: gpu.func @wide
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK-NOT: tile.max_threads
// CHECK-LABEL: gpu.func @default
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
func.func @wide(%out: !tile.piece<4096xf32>, %s: f32) attributes {tile.kernel, tile.max_threads = 256 : i64} {
  %t = tile.splat %s : f32 -> !tile.tile<4096xf32>
  tile.store %t, %out : !tile.tile<4096xf32>, !tile.piece<4096xf32>
  return
}

func.func @default(%out: !tile.piece<4096xf32>, %s: f32) attributes {tile.kernel} {
  %t = tile.splat %s : f32 -> !tile.tile<4096xf32>
  tile.store %t, %out : !tile.tile<4096xf32>, !tile.piece<4096xf32>
  return
}
