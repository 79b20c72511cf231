// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// For floats, x + (-0.0) is x for every x, but x + (+0.0) is not: it turns
// -0.0 into +0.0. x - (+0.0) is x (see canonicalize-add-sub.mlir).

// CHECK-LABEL: func.func @add_positive_zero
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<4xf32>)
// CHECK-NEXT: %[[Z:.*]] = tile.constant dense<0.000000e+00> : !tile.tile<4xf32>
// CHECK-NEXT: %[[R:.*]] = tile.add %[[X]], %[[Z]] : <4xf32>
// CHECK-NEXT: return %[[R]]
func.func @add_positive_zero(%x: !tile.tile<4xf32>) -> !tile.tile<4xf32> {
  %z = tile.constant dense<0.0> : !tile.tile<4xf32>
  %0 = tile.add %z, %x : !tile.tile<4xf32>
  return %0 : !tile.tile<4xf32>
}

// -----

// CHECK-LABEL: func.func @add_negative_zero
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<4xf32>, %[[H:[^:]*]]: !tile.tile<8xbf16>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[H]]
func.func @add_negative_zero(%x: !tile.tile<4xf32>, %h: !tile.tile<8xbf16>)
    -> (!tile.tile<4xf32>, !tile.tile<4xf32>, !tile.tile<8xbf16>) {
  %z = tile.constant dense<-0.0> : !tile.tile<4xf32>
  %zh = tile.constant dense<-0.0> : !tile.tile<8xbf16>
  %0 = tile.add %z, %x : !tile.tile<4xf32>
  %1 = tile.add %x, %z : !tile.tile<4xf32>
  %2 = tile.add %h, %zh : !tile.tile<8xbf16>
  return %0, %1, %2 : !tile.tile<4xf32>, !tile.tile<4xf32>, !tile.tile<8xbf16>
}

// -----

// x - (-0.0) is x + 0.0: not x.
// CHECK-LABEL: func.func @sub_negative_zero
// CHECK: tile.sub
func.func @sub_negative_zero(%x: !tile.tile<4xf32>) -> !tile.tile<4xf32> {
  %z = tile.constant dense<-0.0> : !tile.tile<4xf32>
  %0 = tile.sub %x, %z : !tile.tile<4xf32>
  return %0 : !tile.tile<4xf32>
}

// -----

// For integers there is one zero.
// CHECK-LABEL: func.func @int_zero
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<4xi32>)
// CHECK-NEXT: return %[[X]]
func.func @int_zero(%x: !tile.tile<4xi32>) -> !tile.tile<4xi32> {
  %z = tile.constant dense<0> : !tile.tile<4xi32>
  %0 = tile.add %x, %z : !tile.tile<4xi32>
  return %0 : !tile.tile<4xi32>
}
