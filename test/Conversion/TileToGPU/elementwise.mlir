// RUN: tile-opt %s --convert-tile-to-gpu | FileCheck %s

// 512 f32 elements: 16-byte runs of 4, 128 threads, 4 elements per thread.
// CHECK-LABEL: gpu.func @floats
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<4xf32>
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: arith.divf
// CHECK: arith.remf
// CHECK: arith.maximumf
// CHECK: arith.minimumf
// CHECK: arith.negf
// CHECK: math.absf
// CHECK: math.fma
// CHECK: arith.select
func.func @floats(%out: !tile.piece<512xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<512xf32>
  %0 = tile.add %a, %a : !tile.tile<512xf32>
  %1 = tile.sub %0, %a : !tile.tile<512xf32>
  %2 = tile.mul %1, %a : !tile.tile<512xf32>
  %3 = tile.div %2, %a : !tile.tile<512xf32>
  %4 = tile.rem %3, %a : !tile.tile<512xf32>
  %5 = tile.max %4, %a : !tile.tile<512xf32>
  %6 = tile.min %5, %a : !tile.tile<512xf32>
  %7 = tile.neg %6 : !tile.tile<512xf32>
  %8 = tile.abs %7 : !tile.tile<512xf32>
  %9 = tile.fma %8, %a, %a : !tile.tile<512xf32>
  %c = tile.cmp gt, %9, %a : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %10 = tile.select %c, %9, %a : !tile.tile<512xi1>, !tile.tile<512xf32>
  tile.store %10, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// CHECK-LABEL: gpu.func @integers
// CHECK: arith.addi %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: arith.subi
// CHECK: arith.muli
// CHECK: arith.divsi
// CHECK: arith.remsi
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: math.absi
func.func @integers(%out: !tile.piece<512xi32>, %x: !tile.view<?xi32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xi32> -> !tile.tile<512xi32>
  %0 = tile.add %a, %a : !tile.tile<512xi32>
  %1 = tile.sub %0, %a : !tile.tile<512xi32>
  %2 = tile.mul %1, %a : !tile.tile<512xi32>
  %3 = tile.div %2, %a : !tile.tile<512xi32>
  %4 = tile.rem %3, %a : !tile.tile<512xi32>
  %5 = tile.max %4, %a : !tile.tile<512xi32>
  %6 = tile.min %5, %a : !tile.tile<512xi32>
  %7 = tile.abs %6 : !tile.tile<512xi32>
  tile.store %7, %out : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}
