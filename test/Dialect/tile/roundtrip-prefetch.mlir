// RUN: tile-opt %s | tile-opt | FileCheck %s

// CHECK-LABEL: func.func @prefetch_row
// CHECK-SAME: (%[[V:[^:]*]]: !tile.view<?x?xbf16>, %[[I:[^:]*]]: i32)
// CHECK-NEXT: tile.prefetch %[[V]][%[[I]], %[[I]]] shape [1, 4096] : <?x?xbf16>
func.func @prefetch_row(%v: !tile.view<?x?xbf16>, %i: i32) {
  tile.prefetch %v[%i, %i] shape [1, 4096] : !tile.view<?x?xbf16>
  return
}

// A shape that is not a power of two is allowed: no registers hold it.
// CHECK-LABEL: func.func @prefetch_ragged
// CHECK-NEXT: tile.prefetch %{{.*}}[%{{.*}}] shape [1000] : <?xf32>
func.func @prefetch_ragged(%v: !tile.view<?xf32>, %i: i32) {
  tile.prefetch %v[%i] shape [1000] : !tile.view<?xf32>
  return
}

// Canonicalization keeps a prefetch, though it has no result.
// RUN: tile-opt %s -canonicalize | FileCheck %s --check-prefix=KEPT
// KEPT-LABEL: func.func @prefetch_row
// KEPT: tile.prefetch
