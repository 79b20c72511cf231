// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// select is arith.select on the thread's vectors, with a vector mask.
// CHECK-LABEL: gpu.func @select_i1_values
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[D:[^:]*]]: i1)
// CHECK: %[[M:.*]] = vector.broadcast %[[C]] : i1 to vector<16xi1>
// CHECK-NEXT: %[[T:.*]] = vector.broadcast %[[D]] : i1 to vector<16xi1>
// CHECK-NEXT: %[[S:.*]] = arith.select %[[M]], %[[T]], %[[M]] : vector<16xi1>, vector<16xi1>
// CHECK: vector.extract_strided_slice %[[S]]
// CHECK: arith.extui %{{.*}} : vector<16xi1> to vector<16xi8>
func.func @select_i1_values(%out: !tile.piece<2048xi1>, %c: i1, %d: i1) attributes {tile.kernel} {
  %m = tile.splat %c : i1 -> !tile.tile<2048xi1>
  %t = tile.splat %d : i1 -> !tile.tile<2048xi1>
  %s = tile.select %m, %t, %m : !tile.tile<2048xi1>, !tile.tile<2048xi1>
  tile.store %s, %out : !tile.tile<2048xi1>, !tile.piece<2048xi1>
  return
}

// -----

// CHECK-LABEL: gpu.func @select_float
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32)
// CHECK: %[[M:.*]] = vector.broadcast %[[C]] : i1 to vector<4xi1>
// CHECK-NEXT: %[[X:.*]] = vector.broadcast %[[A]] : f32 to vector<4xf32>
// CHECK-NEXT: %[[Y:.*]] = vector.broadcast %[[B]] : f32 to vector<4xf32>
// CHECK-NEXT: arith.select %[[M]], %[[X]], %[[Y]] : vector<4xi1>, vector<4xf32>
func.func @select_float(%out: !tile.piece<512xf32>, %c: i1, %a: f32, %b: f32) attributes {tile.kernel} {
  %m = tile.splat %c : i1 -> !tile.tile<512xi1>
  %x = tile.splat %a : f32 -> !tile.tile<512xf32>
  %y = tile.splat %b : f32 -> !tile.tile<512xf32>
  %s = tile.select %m, %x, %y : !tile.tile<512xi1>, !tile.tile<512xf32>
  tile.store %s, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}
