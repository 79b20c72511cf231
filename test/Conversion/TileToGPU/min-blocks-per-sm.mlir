// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// The occupancy hint becomes NVVM's minctasm (.minnctapersm in PTX) and
// leaves the kernel's other attributes alone.
// CHECK-LABEL: gpu.func @hinted
// CHECK-SAME: nvvm.minctasm = 8 : i32
// CHECK-NOT: tile.min_blocks_per_sm
// CHECK-LABEL: gpu.func @plain
// CHECK-NOT: nvvm.minctasm
func.func @hinted(%out: !tile.piece<512xf32>, %s: f32) attributes {tile.kernel, tile.min_blocks_per_sm = 8 : i64} {
  %t = tile.splat %s : f32 -> !tile.tile<512xf32>
  tile.store %t, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

func.func @plain(%out: !tile.piece<512xf32>, %s: f32) attributes {tile.kernel} {
  %t = tile.splat %s : f32 -> !tile.tile<512xf32>
  tile.store %t, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}
