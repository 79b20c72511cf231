// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// A splat broadcasts the scalar into the thread's vector.
// CHECK-LABEL: gpu.func @splat
// CHECK-SAME: %[[F:[^:]*]]: f32, %[[I:[^:]*]]: i32)
// CHECK: %[[A:.*]] = vector.broadcast %[[F]] : f32 to vector<8xf32>
// CHECK-NEXT: %[[B:.*]] = vector.broadcast %[[I]] : i32 to vector<8xi32>
// CHECK-NEXT: %[[C:.*]] = arith.sitofp %[[B]] : vector<8xi32> to vector<8xf32>
// CHECK-NEXT: arith.addf %[[A]], %[[C]] : vector<8xf32>
func.func @splat(%out: !tile.piece<1024xf32>, %f: f32, %i: i32) attributes {tile.kernel} {
  %a = tile.splat %f : f32 -> !tile.tile<1024xf32>
  %b = tile.splat %i : i32 -> !tile.tile<1024xi32>
  %c = tile.cast %b : !tile.tile<1024xi32> to !tile.tile<1024xf32>
  %d = tile.add %a, %c : !tile.tile<1024xf32>
  tile.store %d, %out : !tile.tile<1024xf32>, !tile.piece<1024xf32>
  return
}

// -----

// 2-D tiles are flattened: each thread still holds a 1-D vector.
// CHECK-LABEL: gpu.func @splat_2d_bf16
// CHECK: vector.broadcast %{{.*}} : bf16 to vector<8xbf16>
func.func @splat_2d_bf16(%out: !tile.piece<32x32xbf16>, %s: bf16) attributes {tile.kernel} {
  %a = tile.splat %s : bf16 -> !tile.tile<32x32xbf16>
  tile.store %a, %out : !tile.tile<32x32xbf16>, !tile.piece<32x32xbf16>
  return
}

// -----

// A splat constant tile is an arith.constant of the thread's vector.
// CHECK-LABEL: gpu.func @constants
// CHECK-DAG: arith.constant dense<1.500000e+00> : vector<8xf16>
// CHECK-DAG: arith.constant dense<true> : vector<8xi1>
// CHECK-DAG: arith.constant dense<-7> : vector<8xi64>
// CHECK-NOT: tile.constant
func.func @constants(%out: !tile.piece<1024xf16>) attributes {tile.kernel} {
  %h = tile.constant dense<1.5> : !tile.tile<1024xf16>
  %b = tile.constant dense<true> : !tile.tile<1024xi1>
  %l = tile.constant dense<-7> : !tile.tile<1024xi64>
  %c = tile.cast %l : !tile.tile<1024xi64> to !tile.tile<1024xf16>
  %s = tile.select %b, %h, %c : !tile.tile<1024xi1>, !tile.tile<1024xf16>
  tile.store %s, %out : !tile.tile<1024xf16>, !tile.piece<1024xf16>
  return
}
