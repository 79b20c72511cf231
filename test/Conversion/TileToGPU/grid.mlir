// RUN: tile-opt %s --convert-tile-to-gpu | FileCheck %s

// CHECK-LABEL: gpu.func @grid
// CHECK: gpu.block_id  y
// CHECK: arith.index_castui %{{.*}} : index to i32
// CHECK: gpu.grid_dim  z
// CHECK: arith.index_castui %{{.*}} : index to i32
func.func @grid(%out: !tile.piece<128xi32>) attributes {tile.kernel} {
  %p = tile.program_id 1 : i32
  %n = tile.num_programs 2 : i32
  %s = arith.addi %p, %n : i32
  %t = tile.splat %s : i32 -> !tile.tile<128xi32>
  tile.store %t, %out : !tile.tile<128xi32>, !tile.piece<128xi32>
  return
}
