// RUN: tile-opt %s --convert-tile-to-gpu | FileCheck %s

// Floats compare ordered (une for ne), integers signed.
// CHECK-LABEL: gpu.func @compare
// CHECK: arith.cmpf oeq
// CHECK: arith.cmpf une
// CHECK: arith.cmpf olt
// CHECK: arith.cmpf ole
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf oge
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi sge
func.func @compare(%out: !tile.piece<512xi32>, %x: !tile.view<?xf32>, %y: !tile.view<?xi32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<512xf32>
  %i = tile.load %y[%p] : !tile.view<?xi32> -> !tile.tile<512xi32>
  %0 = tile.cmp eq, %a, %a : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %1 = tile.cmp ne, %a, %a : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %2 = tile.cmp lt, %a, %a : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %3 = tile.cmp le, %a, %a : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %4 = tile.cmp gt, %a, %a : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %5 = tile.cmp ge, %a, %a : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %6 = tile.cmp lt, %i, %i : !tile.tile<512xi32> -> !tile.tile<512xi1>
  %7 = tile.cmp ge, %i, %i : !tile.tile<512xi32> -> !tile.tile<512xi1>
  %r = tile.select %0, %i, %i : !tile.tile<512xi1>, !tile.tile<512xi32>
  tile.store %r, %out : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}
