// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// x + 0 and 0 + x are x for integers.
// CHECK-LABEL: func.func @add_zero_int
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<8xi32>)
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @add_zero_int(%x: !tile.tile<8xi32>) -> (!tile.tile<8xi32>, !tile.tile<8xi32>) {
  %z = tile.constant dense<0> : !tile.tile<8xi32>
  %0 = tile.add %x, %z : !tile.tile<8xi32>
  %1 = tile.add %z, %x : !tile.tile<8xi32>
  return %0, %1 : !tile.tile<8xi32>, !tile.tile<8xi32>
}

// -----

// CHECK-LABEL: func.func @add_zero_i64_2d
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<4x4xi64>)
// CHECK-NEXT: return %[[X]]
func.func @add_zero_i64_2d(%x: !tile.tile<4x4xi64>) -> !tile.tile<4x4xi64> {
  %z = tile.constant dense<0> : !tile.tile<4x4xi64>
  %0 = tile.add %z, %x : !tile.tile<4x4xi64>
  return %0 : !tile.tile<4x4xi64>
}

// -----

// x - 0 is x, for floats of every width and for integers.
// CHECK-LABEL: func.func @sub_zero
// CHECK-SAME: (%[[F:[^:]*]]: !tile.tile<8xf32>, %[[H:[^:]*]]: !tile.tile<8xf16>, %[[B:[^:]*]]: !tile.tile<8xbf16>, %[[I:[^:]*]]: !tile.tile<8xi32>)
// CHECK-NEXT: return %[[F]], %[[H]], %[[B]], %[[I]]
func.func @sub_zero(%f: !tile.tile<8xf32>, %h: !tile.tile<8xf16>, %b: !tile.tile<8xbf16>, %i: !tile.tile<8xi32>)
    -> (!tile.tile<8xf32>, !tile.tile<8xf16>, !tile.tile<8xbf16>, !tile.tile<8xi32>) {
  %zf = tile.constant dense<0.0> : !tile.tile<8xf32>
  %zh = tile.constant dense<0.0> : !tile.tile<8xf16>
  %zb = tile.constant dense<0.0> : !tile.tile<8xbf16>
  %zi = tile.constant dense<0> : !tile.tile<8xi32>
  %0 = tile.sub %f, %zf : !tile.tile<8xf32>
  %1 = tile.sub %h, %zh : !tile.tile<8xf16>
  %2 = tile.sub %b, %zb : !tile.tile<8xbf16>
  %3 = tile.sub %i, %zi : !tile.tile<8xi32>
  return %0, %1, %2, %3 : !tile.tile<8xf32>, !tile.tile<8xf16>, !tile.tile<8xbf16>, !tile.tile<8xi32>
}

// -----

// A zero that comes from splatting a constant scalar folds the same way.
// CHECK-LABEL: func.func @sub_splat_zero
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<16xi64>)
// CHECK-NEXT: return %[[X]]
func.func @sub_splat_zero(%x: !tile.tile<16xi64>) -> !tile.tile<16xi64> {
  %c = arith.constant 0 : i64
  %z = tile.splat %c : i64 -> !tile.tile<16xi64>
  %0 = tile.sub %x, %z : !tile.tile<16xi64>
  return %0 : !tile.tile<16xi64>
}

// -----

// 0 - x is a negation, not x.
// CHECK-LABEL: func.func @zero_minus_x
// CHECK: %[[Z:.*]] = tile.constant dense<0> : !tile.tile<8xi32>
// CHECK-NEXT: %[[R:.*]] = tile.sub %[[Z]], %arg0 : <8xi32>
// CHECK-NEXT: return %[[R]]
func.func @zero_minus_x(%x: !tile.tile<8xi32>) -> !tile.tile<8xi32> {
  %z = tile.constant dense<0> : !tile.tile<8xi32>
  %0 = tile.sub %z, %x : !tile.tile<8xi32>
  return %0 : !tile.tile<8xi32>
}

// -----

// Adding a non-zero splat stays.
// CHECK-LABEL: func.func @add_one
// CHECK: %[[C:.*]] = tile.constant dense<1> : !tile.tile<8xi32>
// CHECK-NEXT: %[[R:.*]] = tile.add %arg0, %[[C]] : <8xi32>
// CHECK-NEXT: return %[[R]]
func.func @add_one(%x: !tile.tile<8xi32>) -> !tile.tile<8xi32> {
  %c = tile.constant dense<1> : !tile.tile<8xi32>
  %0 = tile.add %c, %x : !tile.tile<8xi32>
  return %0 : !tile.tile<8xi32>
}
