// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s -canonicalize -cse | FileCheck %s --check-prefix=KEPT

// tilegpu.dot_wait gives back its operand, after the products that compute it.
// CHECK-LABEL: func.func @dot_wait
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<64x128xf32>
// CHECK-NEXT: %[[W:.*]] = tilegpu.dot_wait %[[A]] : <64x128xf32>
// CHECK-NEXT: tilegpu.dot_wait %[[A]] : <64x128xf32>
// CHECK-NEXT: return %[[W]]
// It has a side effect: canonicalization and CSE keep both waits, in order.
// KEPT-LABEL: func.func @dot_wait
// KEPT-NEXT: tilegpu.dot_wait
// KEPT-NEXT: tilegpu.dot_wait
func.func @dot_wait(%a: !tile.tile<64x128xf32>) -> !tile.tile<64x128xf32> {
  %0 = tilegpu.dot_wait %a : !tile.tile<64x128xf32>
  %1 = tilegpu.dot_wait %a : !tile.tile<64x128xf32>
  return %0 : !tile.tile<64x128xf32>
}
