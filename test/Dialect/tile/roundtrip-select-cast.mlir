// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// CHECK-LABEL: func.func @select
// CHECK-SAME: (%[[C:[^:]*]]: !tile.tile<4x8xi1>, %[[A:[^:]*]]: !tile.tile<4x8xf32>, %[[B:[^:]*]]: !tile.tile<4x8xf32>, %[[I:[^:]*]]: !tile.tile<4x8xi64>, %[[M:[^:]*]]: !tile.tile<4x8xi1>)
// CHECK-NEXT: tile.select %[[C]], %[[A]], %[[B]] : <4x8xi1>, <4x8xf32>
// CHECK-NEXT: tile.select %[[C]], %[[I]], %[[I]] : <4x8xi1>, <4x8xi64>
// CHECK-NEXT: tile.select %[[C]], %[[M]], %[[C]] : <4x8xi1>, <4x8xi1>
func.func @select(%c: !tile.tile<4x8xi1>, %a: !tile.tile<4x8xf32>, %b: !tile.tile<4x8xf32>,
                  %i: !tile.tile<4x8xi64>, %m: !tile.tile<4x8xi1>) {
  %0 = tile.select %c, %a, %b : !tile.tile<4x8xi1>, !tile.tile<4x8xf32>
  %1 = tile.select %c, %i, %i : !tile.tile<4x8xi1>, !tile.tile<4x8xi64>
  %2 = tile.select %c, %m, %c : !tile.tile<4x8xi1>, !tile.tile<4x8xi1>
  return
}

// Casts between every pair of element kinds keep the shape.
// CHECK-LABEL: func.func @cast
// CHECK-NEXT: tile.cast %{{.*}} : <16xf32> to <16xbf16>
// CHECK-NEXT: tile.cast %{{.*}} : <16xbf16> to <16xf16>
// CHECK-NEXT: tile.cast %{{.*}} : <16xf16> to <16xf32>
// CHECK-NEXT: tile.cast %{{.*}} : <16xf32> to <16xi32>
// CHECK-NEXT: tile.cast %{{.*}} : <16xi32> to <16xi64>
// CHECK-NEXT: tile.cast %{{.*}} : <16xi64> to <16xi1>
// CHECK-NEXT: tile.cast %{{.*}} : <16xi1> to <16xf32>
// CHECK-NEXT: tile.cast %{{.*}} : <16xf32> to <16xf32>
// CHECK-NEXT: tile.cast %{{.*}} : <2x4x2xi64> to <2x4x2xf16>
func.func @cast(%a: !tile.tile<16xf32>, %t: !tile.tile<2x4x2xi64>) {
  %0 = tile.cast %a : !tile.tile<16xf32> to !tile.tile<16xbf16>
  %1 = tile.cast %0 : !tile.tile<16xbf16> to !tile.tile<16xf16>
  %2 = tile.cast %1 : !tile.tile<16xf16> to !tile.tile<16xf32>
  %3 = tile.cast %2 : !tile.tile<16xf32> to !tile.tile<16xi32>
  %4 = tile.cast %3 : !tile.tile<16xi32> to !tile.tile<16xi64>
  %5 = tile.cast %4 : !tile.tile<16xi64> to !tile.tile<16xi1>
  %6 = tile.cast %5 : !tile.tile<16xi1> to !tile.tile<16xf32>
  %7 = tile.cast %6 : !tile.tile<16xf32> to !tile.tile<16xf32>
  %8 = tile.cast %t : !tile.tile<2x4x2xi64> to !tile.tile<2x4x2xf16>
  return
}

// CHECK-LABEL: func.func @bitcast
// CHECK-SAME: (%[[F:[^:]*]]: !tile.tile<4x8xf32>, %[[H:[^:]*]]: !tile.tile<16xf16>)
// CHECK-NEXT: tile.bitcast %[[F]] : <4x8xf32> to <4x8xi32>
// CHECK-NEXT: tile.bitcast %[[H]] : <16xf16> to <16xbf16>
func.func @bitcast(%f: !tile.tile<4x8xf32>, %h: !tile.tile<16xf16>) {
  %0 = tile.bitcast %f : !tile.tile<4x8xf32> to !tile.tile<4x8xi32>
  %1 = tile.bitcast %h : !tile.tile<16xf16> to !tile.tile<16xbf16>
  return
}
