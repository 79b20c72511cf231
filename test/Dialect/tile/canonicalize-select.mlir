// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// A splat constant condition picks one side.
// CHECK-LABEL: func.func @constant_condition
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<8xf32>, %[[B:[^:]*]]: !tile.tile<8xf32>)
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @constant_condition(%a: !tile.tile<8xf32>, %b: !tile.tile<8xf32>)
    -> (!tile.tile<8xf32>, !tile.tile<8xf32>) {
  %t = tile.constant dense<true> : !tile.tile<8xi1>
  %f = tile.constant dense<false> : !tile.tile<8xi1>
  %0 = tile.select %t, %a, %b : !tile.tile<8xi1>, !tile.tile<8xf32>
  %1 = tile.select %f, %a, %b : !tile.tile<8xi1>, !tile.tile<8xf32>
  return %0, %1 : !tile.tile<8xf32>, !tile.tile<8xf32>
}

// -----

// The condition may be a splat of a constant scalar.
// CHECK-LABEL: func.func @splat_condition
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<4x4xi32>, %[[B:[^:]*]]: !tile.tile<4x4xi32>)
// CHECK-NEXT: return %[[B]]
func.func @splat_condition(%a: !tile.tile<4x4xi32>, %b: !tile.tile<4x4xi32>) -> !tile.tile<4x4xi32> {
  %false = arith.constant false
  %c = tile.splat %false : i1 -> !tile.tile<4x4xi1>
  %0 = tile.select %c, %a, %b : !tile.tile<4x4xi1>, !tile.tile<4x4xi32>
  return %0 : !tile.tile<4x4xi32>
}

// -----

// Equal branches make the condition irrelevant.
// CHECK-LABEL: func.func @same_branches
// CHECK-SAME: (%[[C:[^:]*]]: !tile.tile<8xi1>, %[[A:[^:]*]]: !tile.tile<8xf32>)
// CHECK-NEXT: return %[[A]]
func.func @same_branches(%c: !tile.tile<8xi1>, %a: !tile.tile<8xf32>) -> !tile.tile<8xf32> {
  %0 = tile.select %c, %a, %a : !tile.tile<8xi1>, !tile.tile<8xf32>
  return %0 : !tile.tile<8xf32>
}

// -----

// A condition that is not known, or known only element by element, stays.
// CHECK-LABEL: func.func @unknown_condition
// CHECK: %[[M:.*]] = tile.constant dense<[true, false]> : !tile.tile<2xi1>
// CHECK-NEXT: %[[R0:.*]] = tile.select %arg0, %arg1, %arg2 : <2xi1>, <2xf32>
// CHECK-NEXT: %[[R1:.*]] = tile.select %[[M]], %arg1, %arg2 : <2xi1>, <2xf32>
// CHECK-NEXT: return %[[R0]], %[[R1]]
func.func @unknown_condition(%c: !tile.tile<2xi1>, %a: !tile.tile<2xf32>, %b: !tile.tile<2xf32>)
    -> (!tile.tile<2xf32>, !tile.tile<2xf32>) {
  %m = tile.constant dense<[true, false]> : !tile.tile<2xi1>
  %0 = tile.select %c, %a, %b : !tile.tile<2xi1>, !tile.tile<2xf32>
  %1 = tile.select %m, %a, %b : !tile.tile<2xi1>, !tile.tile<2xf32>
  return %0, %1 : !tile.tile<2xf32>, !tile.tile<2xf32>
}
