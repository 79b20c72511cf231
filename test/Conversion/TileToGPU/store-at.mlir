// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// A sub-tile store goes to tile index program_id * (piece / tile) + index of
// the tensor: rows of 1 in a piece of 4 rows multiply the row program id by
// 4 and add the row; the single column block keeps the column id.
// CHECK-LABEL: gpu.func @rows
// CHECK: scf.for %[[R:[^ ]*]] =
// CHECK: %[[BX:.*]] = gpu.block_id{{ +}}x
// CHECK-NEXT: %[[PX:.*]] = arith.index_castui %[[BX]] : index to i64
// CHECK: %[[FOUR:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[ROW:.*]] = arith.extsi %[[R]] : i32 to i64
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[PX]], %[[FOUR]] : i64
// CHECK-NEXT: arith.addi %[[FIRST]], %[[ROW]] : i64
// CHECK: llvm.store
func.func @rows(%out: !tile.piece<4x64xf32>, %x: !tile.view<?x?xf32>, %n: i32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %p = tile.program_id 0 : i32
  scf.for %r = %c0 to %c4 step %c1 : i32 {
    %t = tile.load %x[%r, %c0] : !tile.view<?x?xf32> -> !tile.tile<1x64xf32>
    tile.store_at %t, %out[%r, %c0] : !tile.tile<1x64xf32>, !tile.piece<4x64xf32>
  }
  return
}
