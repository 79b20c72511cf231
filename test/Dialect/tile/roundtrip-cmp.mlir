// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Every predicate on float and integer tiles; the result is a tile of i1 of
// the operands' shape. The generic form stores the predicate as #tile<cmp>.

// CHECK-LABEL: func.func @cmp_f32
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<8xf32>, %[[B:[^:]*]]: !tile.tile<8xf32>)
// CHECK-NEXT: tile.cmp eq, %[[A]], %[[B]] : <8xf32> -> <8xi1>
// CHECK-NEXT: tile.cmp ne, %[[A]], %[[B]] : <8xf32> -> <8xi1>
// CHECK-NEXT: tile.cmp lt, %[[A]], %[[B]] : <8xf32> -> <8xi1>
// CHECK-NEXT: tile.cmp le, %[[A]], %[[B]] : <8xf32> -> <8xi1>
// CHECK-NEXT: tile.cmp gt, %[[A]], %[[B]] : <8xf32> -> <8xi1>
// CHECK-NEXT: tile.cmp ge, %[[A]], %[[B]] : <8xf32> -> <8xi1>
// GENERIC-LABEL: sym_name = "cmp_f32"
// GENERIC: "tile.cmp"(%{{.*}}, %{{.*}}) <{predicate = #tile<cmp eq>}> : (!tile.tile<8xf32>, !tile.tile<8xf32>) -> !tile.tile<8xi1>
// GENERIC: "tile.cmp"(%{{.*}}, %{{.*}}) <{predicate = #tile<cmp ne>}> : (!tile.tile<8xf32>, !tile.tile<8xf32>) -> !tile.tile<8xi1>
// GENERIC: "tile.cmp"(%{{.*}}, %{{.*}}) <{predicate = #tile<cmp lt>}> : (!tile.tile<8xf32>, !tile.tile<8xf32>) -> !tile.tile<8xi1>
// GENERIC: "tile.cmp"(%{{.*}}, %{{.*}}) <{predicate = #tile<cmp le>}> : (!tile.tile<8xf32>, !tile.tile<8xf32>) -> !tile.tile<8xi1>
// GENERIC: "tile.cmp"(%{{.*}}, %{{.*}}) <{predicate = #tile<cmp gt>}> : (!tile.tile<8xf32>, !tile.tile<8xf32>) -> !tile.tile<8xi1>
// GENERIC: "tile.cmp"(%{{.*}}, %{{.*}}) <{predicate = #tile<cmp ge>}> : (!tile.tile<8xf32>, !tile.tile<8xf32>) -> !tile.tile<8xi1>
func.func @cmp_f32(%a: !tile.tile<8xf32>, %b: !tile.tile<8xf32>) {
  %0 = tile.cmp eq, %a, %b : !tile.tile<8xf32> -> !tile.tile<8xi1>
  %1 = tile.cmp ne, %a, %b : !tile.tile<8xf32> -> !tile.tile<8xi1>
  %2 = tile.cmp lt, %a, %b : !tile.tile<8xf32> -> !tile.tile<8xi1>
  %3 = tile.cmp le, %a, %b : !tile.tile<8xf32> -> !tile.tile<8xi1>
  %4 = tile.cmp gt, %a, %b : !tile.tile<8xf32> -> !tile.tile<8xi1>
  %5 = tile.cmp ge, %a, %b : !tile.tile<8xf32> -> !tile.tile<8xi1>
  return
}

// CHECK-LABEL: func.func @cmp_bf16
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<4x4xbf16>, %[[B:[^:]*]]: !tile.tile<4x4xbf16>)
// CHECK-NEXT: tile.cmp eq, %[[A]], %[[B]] : <4x4xbf16> -> <4x4xi1>
// CHECK-NEXT: tile.cmp ne, %[[A]], %[[B]] : <4x4xbf16> -> <4x4xi1>
// CHECK-NEXT: tile.cmp lt, %[[A]], %[[B]] : <4x4xbf16> -> <4x4xi1>
// CHECK-NEXT: tile.cmp le, %[[A]], %[[B]] : <4x4xbf16> -> <4x4xi1>
// CHECK-NEXT: tile.cmp gt, %[[A]], %[[B]] : <4x4xbf16> -> <4x4xi1>
// CHECK-NEXT: tile.cmp ge, %[[A]], %[[B]] : <4x4xbf16> -> <4x4xi1>
func.func @cmp_bf16(%a: !tile.tile<4x4xbf16>, %b: !tile.tile<4x4xbf16>) {
  %0 = tile.cmp eq, %a, %b : !tile.tile<4x4xbf16> -> !tile.tile<4x4xi1>
  %1 = tile.cmp ne, %a, %b : !tile.tile<4x4xbf16> -> !tile.tile<4x4xi1>
  %2 = tile.cmp lt, %a, %b : !tile.tile<4x4xbf16> -> !tile.tile<4x4xi1>
  %3 = tile.cmp le, %a, %b : !tile.tile<4x4xbf16> -> !tile.tile<4x4xi1>
  %4 = tile.cmp gt, %a, %b : !tile.tile<4x4xbf16> -> !tile.tile<4x4xi1>
  %5 = tile.cmp ge, %a, %b : !tile.tile<4x4xbf16> -> !tile.tile<4x4xi1>
  return
}

// CHECK-LABEL: func.func @cmp_i32
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<8xi32>, %[[B:[^:]*]]: !tile.tile<8xi32>)
// CHECK-NEXT: tile.cmp eq, %[[A]], %[[B]] : <8xi32> -> <8xi1>
// CHECK-NEXT: tile.cmp ne, %[[A]], %[[B]] : <8xi32> -> <8xi1>
// CHECK-NEXT: tile.cmp lt, %[[A]], %[[B]] : <8xi32> -> <8xi1>
// CHECK-NEXT: tile.cmp le, %[[A]], %[[B]] : <8xi32> -> <8xi1>
// CHECK-NEXT: tile.cmp gt, %[[A]], %[[B]] : <8xi32> -> <8xi1>
// CHECK-NEXT: tile.cmp ge, %[[A]], %[[B]] : <8xi32> -> <8xi1>
func.func @cmp_i32(%a: !tile.tile<8xi32>, %b: !tile.tile<8xi32>) {
  %0 = tile.cmp eq, %a, %b : !tile.tile<8xi32> -> !tile.tile<8xi1>
  %1 = tile.cmp ne, %a, %b : !tile.tile<8xi32> -> !tile.tile<8xi1>
  %2 = tile.cmp lt, %a, %b : !tile.tile<8xi32> -> !tile.tile<8xi1>
  %3 = tile.cmp le, %a, %b : !tile.tile<8xi32> -> !tile.tile<8xi1>
  %4 = tile.cmp gt, %a, %b : !tile.tile<8xi32> -> !tile.tile<8xi1>
  %5 = tile.cmp ge, %a, %b : !tile.tile<8xi32> -> !tile.tile<8xi1>
  return
}

// CHECK-LABEL: func.func @cmp_i64
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<2x2x2xi64>, %[[B:[^:]*]]: !tile.tile<2x2x2xi64>)
// CHECK-NEXT: tile.cmp eq, %[[A]], %[[B]] : <2x2x2xi64> -> <2x2x2xi1>
// CHECK-NEXT: tile.cmp ne, %[[A]], %[[B]] : <2x2x2xi64> -> <2x2x2xi1>
// CHECK-NEXT: tile.cmp lt, %[[A]], %[[B]] : <2x2x2xi64> -> <2x2x2xi1>
// CHECK-NEXT: tile.cmp le, %[[A]], %[[B]] : <2x2x2xi64> -> <2x2x2xi1>
// CHECK-NEXT: tile.cmp gt, %[[A]], %[[B]] : <2x2x2xi64> -> <2x2x2xi1>
// CHECK-NEXT: tile.cmp ge, %[[A]], %[[B]] : <2x2x2xi64> -> <2x2x2xi1>
func.func @cmp_i64(%a: !tile.tile<2x2x2xi64>, %b: !tile.tile<2x2x2xi64>) {
  %0 = tile.cmp eq, %a, %b : !tile.tile<2x2x2xi64> -> !tile.tile<2x2x2xi1>
  %1 = tile.cmp ne, %a, %b : !tile.tile<2x2x2xi64> -> !tile.tile<2x2x2xi1>
  %2 = tile.cmp lt, %a, %b : !tile.tile<2x2x2xi64> -> !tile.tile<2x2x2xi1>
  %3 = tile.cmp le, %a, %b : !tile.tile<2x2x2xi64> -> !tile.tile<2x2x2xi1>
  %4 = tile.cmp gt, %a, %b : !tile.tile<2x2x2xi64> -> !tile.tile<2x2x2xi1>
  %5 = tile.cmp ge, %a, %b : !tile.tile<2x2x2xi64> -> !tile.tile<2x2x2xi1>
  return
}
