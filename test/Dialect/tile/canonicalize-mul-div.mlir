// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// x * 1, 1 * x and x / 1 are x.
// CHECK-LABEL: func.func @one_float
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<8xf32>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]]
func.func @one_float(%x: !tile.tile<8xf32>) -> (!tile.tile<8xf32>, !tile.tile<8xf32>, !tile.tile<8xf32>) {
  %one = tile.constant dense<1.0> : !tile.tile<8xf32>
  %0 = tile.mul %x, %one : !tile.tile<8xf32>
  %1 = tile.mul %one, %x : !tile.tile<8xf32>
  %2 = tile.div %x, %one : !tile.tile<8xf32>
  return %0, %1, %2 : !tile.tile<8xf32>, !tile.tile<8xf32>, !tile.tile<8xf32>
}

// -----

// CHECK-LABEL: func.func @one_half_precision
// CHECK-SAME: (%[[H:[^:]*]]: !tile.tile<4x4xf16>, %[[B:[^:]*]]: !tile.tile<4x4xbf16>)
// CHECK-NEXT: return %[[H]], %[[B]]
func.func @one_half_precision(%h: !tile.tile<4x4xf16>, %b: !tile.tile<4x4xbf16>) -> (!tile.tile<4x4xf16>, !tile.tile<4x4xbf16>) {
  %oh = tile.constant dense<1.0> : !tile.tile<4x4xf16>
  %ob = tile.constant dense<1.0> : !tile.tile<4x4xbf16>
  %0 = tile.mul %oh, %h : !tile.tile<4x4xf16>
  %1 = tile.div %b, %ob : !tile.tile<4x4xbf16>
  return %0, %1 : !tile.tile<4x4xf16>, !tile.tile<4x4xbf16>
}

// -----

// CHECK-LABEL: func.func @one_int
// CHECK-SAME: (%[[I:[^:]*]]: !tile.tile<8xi32>, %[[L:[^:]*]]: !tile.tile<8xi64>)
// CHECK-NEXT: return %[[I]], %[[I]], %[[L]]
func.func @one_int(%i: !tile.tile<8xi32>, %l: !tile.tile<8xi64>) -> (!tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi64>) {
  %one = tile.constant dense<1> : !tile.tile<8xi32>
  %onel = tile.constant dense<1> : !tile.tile<8xi64>
  %0 = tile.mul %one, %i : !tile.tile<8xi32>
  %1 = tile.div %i, %one : !tile.tile<8xi32>
  %2 = tile.div %l, %onel : !tile.tile<8xi64>
  return %0, %1, %2 : !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi64>
}

// -----

// A one from a splatted scalar constant folds too.
// CHECK-LABEL: func.func @mul_splat_one
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<128xf32>)
// CHECK-NEXT: return %[[X]]
func.func @mul_splat_one(%x: !tile.tile<128xf32>) -> !tile.tile<128xf32> {
  %c = arith.constant 1.0 : f32
  %one = tile.splat %c : f32 -> !tile.tile<128xf32>
  %0 = tile.mul %x, %one : !tile.tile<128xf32>
  return %0 : !tile.tile<128xf32>
}

// -----

// 1 / x is a reciprocal, not x; x * 2 stays.
// CHECK-LABEL: func.func @not_identities
// CHECK-DAG: %[[ONE:.*]] = tile.constant dense<1.000000e+00> : !tile.tile<8xf32>
// CHECK-DAG: %[[TWO:.*]] = tile.constant dense<2.000000e+00> : !tile.tile<8xf32>
// CHECK: %[[R:.*]] = tile.div %[[ONE]], %arg0 : <8xf32>
// CHECK-NEXT: %[[M:.*]] = tile.mul %arg0, %[[TWO]] : <8xf32>
// CHECK-NEXT: return %[[R]], %[[M]]
func.func @not_identities(%x: !tile.tile<8xf32>) -> (!tile.tile<8xf32>, !tile.tile<8xf32>) {
  %one = tile.constant dense<1.0> : !tile.tile<8xf32>
  %two = tile.constant dense<2.0> : !tile.tile<8xf32>
  %0 = tile.div %one, %x : !tile.tile<8xf32>
  %1 = tile.mul %x, %two : !tile.tile<8xf32>
  return %0, %1 : !tile.tile<8xf32>, !tile.tile<8xf32>
}
