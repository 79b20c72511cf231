// RUN: tile-opt %s --split-input-file --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// Tiles carried through scf.for and yielded by scf.if become the thread's
// vectors too.
// CHECK-LABEL: gpu.func @loop
// CHECK-SAME: %[[N:[^:]*]]: i32, %[[C:[^:]*]]: i1)
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: %[[SUM:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (vector<4xf32>) : i32 {
// CHECK: arith.extsi %[[I]] : i32 to i64
// CHECK: %[[T:.*]] = vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [0], strides = [1]} : vector<4xf32> into vector<4xf32>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[T]] : vector<4xf32>
// CHECK-NEXT: scf.yield %[[S]] : vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = scf.if %[[C]] -> (vector<4xf32>) {
// CHECK-NEXT: %[[E:.*]] = math.exp %[[SUM]] : vector<4xf32>
// CHECK-NEXT: scf.yield %[[E]] : vector<4xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[SUM]] : vector<4xf32>
// CHECK-NEXT: }
// CHECK: vector.extract_strided_slice %[[R]]
// CHECK-NOT: tile.
func.func @loop(%out: !tile.piece<512xf32>, %x: !tile.view<?xf32>, %n: i32, %c: i1) attributes {tile.kernel} {
  %zero = tile.constant dense<0.0> : !tile.tile<512xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<512xf32>) : i32 {
    %t = tile.load %x[%i] : !tile.view<?xf32> -> !tile.tile<512xf32>
    %s = tile.add %acc, %t : !tile.tile<512xf32>
    scf.yield %s : !tile.tile<512xf32>
  }
  %r = scf.if %c -> (!tile.tile<512xf32>) {
    %e = tile.exp %sum : !tile.tile<512xf32>
    scf.yield %e : !tile.tile<512xf32>
  } else {
    scf.yield %sum : !tile.tile<512xf32>
  }
  tile.store %r, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// A tile carried by scf.while stays in its blocked layout through both
// regions and scf.condition; tile.item of a one-element tile is the
// thread's only register.
// CHECK-LABEL: gpu.func @while_loop
// CHECK: %[[W:.*]]:2 = scf.while (%[[T:.*]] = %{{.*}}, %[[K:.*]] = %{{.*}}) : (vector<4xf32>, i32) -> (vector<4xf32>, i32) {
// CHECK: %[[S:.*]] = vector.extract %{{.*}}[0] : f32 from vector<1xf32>
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[S]], %{{.*}} : f32
// CHECK: scf.condition(%[[GT]]) %[[T]], %[[K]] : vector<4xf32>, i32
// CHECK: } do {
// CHECK: ^bb0(%[[T2:.*]]: vector<4xf32>, %[[K2:.*]]: i32):
// CHECK: arith.mulf %[[T2]], %{{.*}} : vector<4xf32>
// CHECK: scf.yield %{{.*}}, %{{.*}} : vector<4xf32>, i32
// CHECK-NOT: tile.
func.func @while_loop(%out: !tile.piece<512xf32>, %x: !tile.view<?xf32>, %limit: f32) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %half = tile.constant dense<0.5> : !tile.tile<512xf32>
  %t0 = tile.load %x[%c0] : !tile.view<?xf32> -> !tile.tile<512xf32>
  %r:2 = scf.while (%t = %t0, %k = %c0) : (!tile.tile<512xf32>, i32) -> (!tile.tile<512xf32>, i32) {
    %m = tile.reduce max %t {axis = 0 : i32} : !tile.tile<512xf32> to !tile.tile<1xf32>
    %s = tile.item %m : !tile.tile<1xf32> -> f32
    %gt = arith.cmpf ogt, %s, %limit : f32
    scf.condition(%gt) %t, %k : !tile.tile<512xf32>, i32
  } do {
  ^bb0(%t: !tile.tile<512xf32>, %k: i32):
    %h = tile.mul %t, %half : !tile.tile<512xf32>
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %h, %k1 : !tile.tile<512xf32>, i32
  }
  tile.store %r#0, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}
