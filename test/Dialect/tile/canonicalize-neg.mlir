// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @neg_neg_float
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<8xf32>)
// CHECK-NEXT: return %[[X]]
func.func @neg_neg_float(%x: !tile.tile<8xf32>) -> !tile.tile<8xf32> {
  %0 = tile.neg %x : !tile.tile<8xf32>
  %1 = tile.neg %0 : !tile.tile<8xf32>
  return %1 : !tile.tile<8xf32>
}

// -----

// CHECK-LABEL: func.func @neg_neg_int
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<2x4xi64>)
// CHECK-NEXT: return %[[X]]
func.func @neg_neg_int(%x: !tile.tile<2x4xi64>) -> !tile.tile<2x4xi64> {
  %0 = tile.neg %x : !tile.tile<2x4xi64>
  %1 = tile.neg %0 : !tile.tile<2x4xi64>
  return %1 : !tile.tile<2x4xi64>
}

// -----

// Three negations are one.
// CHECK-LABEL: func.func @neg_neg_neg
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<8xbf16>)
// CHECK-NEXT: %[[N:.*]] = tile.neg %[[X]] : <8xbf16>
// CHECK-NEXT: return %[[N]]
func.func @neg_neg_neg(%x: !tile.tile<8xbf16>) -> !tile.tile<8xbf16> {
  %0 = tile.neg %x : !tile.tile<8xbf16>
  %1 = tile.neg %0 : !tile.tile<8xbf16>
  %2 = tile.neg %1 : !tile.tile<8xbf16>
  return %2 : !tile.tile<8xbf16>
}

// -----

// A single negation stays; the inner one of a pair stays while it has
// another use.
// CHECK-LABEL: func.func @neg_used_twice
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<8xi32>)
// CHECK-NEXT: %[[N:.*]] = tile.neg %[[X]] : <8xi32>
// CHECK-NEXT: return %[[N]], %[[X]]
func.func @neg_used_twice(%x: !tile.tile<8xi32>) -> (!tile.tile<8xi32>, !tile.tile<8xi32>) {
  %0 = tile.neg %x : !tile.tile<8xi32>
  %1 = tile.neg %0 : !tile.tile<8xi32>
  return %0, %1 : !tile.tile<8xi32>, !tile.tile<8xi32>
}
