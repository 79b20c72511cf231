// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// program_id d is the block index along x, y or z; num_programs d is the grid
// size; both are cast from index to i32.
// CHECK-LABEL: gpu.func @grid
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK-NEXT: %[[PX:.*]] = arith.index_castui %[[BX]] : index to i32
// CHECK-NEXT: %[[BY:.*]] = gpu.block_id y
// CHECK-NEXT: %[[PY:.*]] = arith.index_castui %[[BY]] : index to i32
// CHECK-NEXT: %[[BZ:.*]] = gpu.block_id z
// CHECK-NEXT: %[[PZ:.*]] = arith.index_castui %[[BZ]] : index to i32
// CHECK-NEXT: %[[GX:.*]] = gpu.grid_dim x
// CHECK-NEXT: %[[NX:.*]] = arith.index_castui %[[GX]] : index to i32
// CHECK-NEXT: %[[GY:.*]] = gpu.grid_dim y
// CHECK-NEXT: %[[NY:.*]] = arith.index_castui %[[GY]] : index to i32
// CHECK-NEXT: %[[GZ:.*]] = gpu.grid_dim z
// CHECK-NEXT: %[[NZ:.*]] = arith.index_castui %[[GZ]] : index to i32
// CHECK-NEXT: arith.addi %[[PX]], %[[PY]] : i32
// CHECK-NEXT: arith.addi %{{.*}}, %[[PZ]] : i32
// CHECK-NEXT: arith.muli %[[NX]], %[[NY]] : i32
// CHECK-NEXT: arith.muli %{{.*}}, %[[NZ]] : i32
// CHECK-NOT: tile.
func.func @grid(%out: !tile.piece<128xi32>) attributes {tile.kernel} {
  %px = tile.program_id 0 : i32
  %py = tile.program_id 1 : i32
  %pz = tile.program_id 2 : i32
  %nx = tile.num_programs 0 : i32
  %ny = tile.num_programs 1 : i32
  %nz = tile.num_programs 2 : i32
  %0 = arith.addi %px, %py : i32
  %1 = arith.addi %0, %pz : i32
  %2 = arith.muli %nx, %ny : i32
  %3 = arith.muli %2, %nz : i32
  %4 = arith.addi %1, %3 : i32
  %t = tile.splat %4 : i32 -> !tile.tile<128xi32>
  tile.store %t, %out : !tile.tile<128xi32>, !tile.piece<128xi32>
  return
}

// A program id feeds a load as its tile index, sign-extended to i64.
// CHECK-LABEL: gpu.func @index
// CHECK: %[[B:.*]] = gpu.block_id y
// CHECK-NEXT: %[[P:.*]] = arith.index_castui %[[B]] : index to i32
// CHECK-NEXT: %[[I:.*]] = arith.extsi %[[P]] : i32 to i64
// CHECK: arith.muli %[[I]], %{{.*}} : i64
func.func @index(%out: !tile.piece<128xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 1 : i32
  %t = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<128xf32>
  tile.store %t, %out : !tile.tile<128xf32>, !tile.piece<128xf32>
  return
}
