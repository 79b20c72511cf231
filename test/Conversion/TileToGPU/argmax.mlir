// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// argmax folds (value, index) pairs: the larger value wins, NaN above any
// number, and among equal values (or two NaNs) the lower index. Indices are
// the axis coordinates of each register, shuffled along with the values.
// 64 f32 in one warp: 4 registers, 16 lanes, lane bit 4 holds replicas.
// CHECK-LABEL: gpu.func @best
// CHECK: %[[ANAN:.*]] = arith.cmpf uno, %[[A:.*]], %[[A]] : f32
// CHECK-NEXT: %[[BNAN:.*]] = arith.cmpf uno, %[[B:.*]], %[[B]] : f32
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[B]], %[[A]] : f32
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpf oeq, %[[B]], %[[A]] : f32
// CHECK: arith.select %[[TAKE:.*]], %[[B]], %[[A]] : f32
// CHECK-NEXT: arith.select %[[TAKE]], %{{.*}}, %{{.*}} : i32
// CHECK-COUNT-4: gpu.shuffle xor %{{.*}} : i32
// CHECK-NOT: gpu.shuffle
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
func.func @best(%out: !tile.piece<1x1xi32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<1x64xf32>
  %i = tile.argmax %t {axis = 1 : i32} : !tile.tile<1x64xf32> to !tile.tile<1x1xi32>
  tile.store %i, %out : !tile.tile<1x1xi32>, !tile.piece<1x1xi32>
  return
}

// argmin folds the same pairs with the smaller value winning (NaN still
// beats any number); integers compare signed.
// CHECK-LABEL: gpu.func @least
// CHECK: %[[ANAN:.*]] = arith.cmpf uno, %[[A:.*]], %[[A]] : f32
// CHECK-NEXT: %[[BNAN:.*]] = arith.cmpf uno, %[[B:.*]], %[[B]] : f32
// CHECK-NEXT: %[[LT:.*]] = arith.cmpf olt, %[[B]], %[[A]] : f32
// CHECK: gpu.func @least_int
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i32
func.func @least(%out: !tile.piece<1x1xi32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<1x64xf32>
  %i = tile.argmin %t {axis = 1 : i32} : !tile.tile<1x64xf32> to !tile.tile<1x1xi32>
  tile.store %i, %out : !tile.tile<1x1xi32>, !tile.piece<1x1xi32>
  return
}
func.func @least_int(%out: !tile.piece<1x1xi32>, %x: !tile.view<?x?xi32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xi32> -> !tile.tile<1x64xi32>
  %i = tile.argmin %t {axis = 1 : i32} : !tile.tile<1x64xi32> to !tile.tile<1x1xi32>
  tile.store %i, %out : !tile.tile<1x1xi32>, !tile.piece<1x1xi32>
  return
}
