// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// The bit ops on integer tiles, and the logic of bool tiles (masks).

// CHECK-LABEL: func.func @bits_i32
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<8xi32>, %[[B:[^:]*]]: !tile.tile<8xi32>)
// CHECK-NEXT: %{{.*}} = tile.and %[[A]], %[[B]] : <8xi32>
// CHECK-NEXT: %{{.*}} = tile.or %[[A]], %[[B]] : <8xi32>
// CHECK-NEXT: %{{.*}} = tile.xor %[[A]], %[[B]] : <8xi32>
// CHECK-NEXT: %{{.*}} = tile.shl %[[A]], %[[B]] : <8xi32>
// CHECK-NEXT: %{{.*}} = tile.shr %[[A]], %[[B]] : <8xi32>
// CHECK-NEXT: %{{.*}} = tile.not %[[A]] : <8xi32>
func.func @bits_i32(%a: !tile.tile<8xi32>, %b: !tile.tile<8xi32>) {
  %0 = tile.and %a, %b : !tile.tile<8xi32>
  %1 = tile.or %a, %b : !tile.tile<8xi32>
  %2 = tile.xor %a, %b : !tile.tile<8xi32>
  %3 = tile.shl %a, %b : !tile.tile<8xi32>
  %4 = tile.shr %a, %b : !tile.tile<8xi32>
  %5 = tile.not %a : !tile.tile<8xi32>
  return
}

// CHECK-LABEL: func.func @bits_i64
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<2x4xi64>, %[[B:[^:]*]]: !tile.tile<2x4xi64>)
// CHECK-NEXT: %{{.*}} = tile.and %[[A]], %[[B]] : <2x4xi64>
// CHECK-NEXT: %{{.*}} = tile.shl %[[A]], %[[B]] : <2x4xi64>
// CHECK-NEXT: %{{.*}} = tile.shr %[[B]], %[[A]] : <2x4xi64>
// CHECK-NEXT: %{{.*}} = tile.not %[[B]] : <2x4xi64>
func.func @bits_i64(%a: !tile.tile<2x4xi64>, %b: !tile.tile<2x4xi64>) {
  %0 = tile.and %a, %b : !tile.tile<2x4xi64>
  %1 = tile.shl %a, %b : !tile.tile<2x4xi64>
  %2 = tile.shr %b, %a : !tile.tile<2x4xi64>
  %3 = tile.not %b : !tile.tile<2x4xi64>
  return
}

// CHECK-LABEL: func.func @masks
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<16xi1>, %[[B:[^:]*]]: !tile.tile<16xi1>)
// CHECK-NEXT: %{{.*}} = tile.and %[[A]], %[[B]] : <16xi1>
// CHECK-NEXT: %{{.*}} = tile.or %[[B]], %[[A]] : <16xi1>
// CHECK-NEXT: %{{.*}} = tile.xor %[[A]], %[[B]] : <16xi1>
// CHECK-NEXT: %{{.*}} = tile.not %[[A]] : <16xi1>
func.func @masks(%a: !tile.tile<16xi1>, %b: !tile.tile<16xi1>) {
  %0 = tile.and %a, %b : !tile.tile<16xi1>
  %1 = tile.or %b, %a : !tile.tile<16xi1>
  %2 = tile.xor %a, %b : !tile.tile<16xi1>
  %3 = tile.not %a : !tile.tile<16xi1>
  return
}
