// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Every binary op on every numeric element type.

// CHECK-LABEL: func.func @binary_f32
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<8xf32>, %[[B:[^:]*]]: !tile.tile<8xf32>)
// CHECK-NEXT: %{{.*}} = tile.add %[[A]], %[[B]] : <8xf32>
// CHECK-NEXT: %{{.*}} = tile.sub %[[A]], %[[B]] : <8xf32>
// CHECK-NEXT: %{{.*}} = tile.mul %[[A]], %[[B]] : <8xf32>
// CHECK-NEXT: %{{.*}} = tile.div %[[A]], %[[B]] : <8xf32>
// CHECK-NEXT: %{{.*}} = tile.rem %[[A]], %[[B]] : <8xf32>
// CHECK-NEXT: %{{.*}} = tile.max %[[A]], %[[B]] : <8xf32>
// CHECK-NEXT: %{{.*}} = tile.min %[[A]], %[[B]] : <8xf32>
func.func @binary_f32(%a: !tile.tile<8xf32>, %b: !tile.tile<8xf32>) {
  %0 = tile.add %a, %b : !tile.tile<8xf32>
  %1 = tile.sub %a, %b : !tile.tile<8xf32>
  %2 = tile.mul %a, %b : !tile.tile<8xf32>
  %3 = tile.div %a, %b : !tile.tile<8xf32>
  %4 = tile.rem %a, %b : !tile.tile<8xf32>
  %5 = tile.max %a, %b : !tile.tile<8xf32>
  %6 = tile.min %a, %b : !tile.tile<8xf32>
  return
}

// CHECK-LABEL: func.func @binary_f16
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<8xf16>, %[[B:[^:]*]]: !tile.tile<8xf16>)
// CHECK-NEXT: %{{.*}} = tile.add %[[A]], %[[B]] : <8xf16>
// CHECK-NEXT: %{{.*}} = tile.sub %[[A]], %[[B]] : <8xf16>
// CHECK-NEXT: %{{.*}} = tile.mul %[[A]], %[[B]] : <8xf16>
// CHECK-NEXT: %{{.*}} = tile.div %[[A]], %[[B]] : <8xf16>
// CHECK-NEXT: %{{.*}} = tile.rem %[[A]], %[[B]] : <8xf16>
// CHECK-NEXT: %{{.*}} = tile.max %[[A]], %[[B]] : <8xf16>
// CHECK-NEXT: %{{.*}} = tile.min %[[A]], %[[B]] : <8xf16>
func.func @binary_f16(%a: !tile.tile<8xf16>, %b: !tile.tile<8xf16>) {
  %0 = tile.add %a, %b : !tile.tile<8xf16>
  %1 = tile.sub %a, %b : !tile.tile<8xf16>
  %2 = tile.mul %a, %b : !tile.tile<8xf16>
  %3 = tile.div %a, %b : !tile.tile<8xf16>
  %4 = tile.rem %a, %b : !tile.tile<8xf16>
  %5 = tile.max %a, %b : !tile.tile<8xf16>
  %6 = tile.min %a, %b : !tile.tile<8xf16>
  return
}

// CHECK-LABEL: func.func @binary_bf16
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<8xbf16>, %[[B:[^:]*]]: !tile.tile<8xbf16>)
// CHECK-NEXT: %{{.*}} = tile.add %[[A]], %[[B]] : <8xbf16>
// CHECK-NEXT: %{{.*}} = tile.sub %[[A]], %[[B]] : <8xbf16>
// CHECK-NEXT: %{{.*}} = tile.mul %[[A]], %[[B]] : <8xbf16>
// CHECK-NEXT: %{{.*}} = tile.div %[[A]], %[[B]] : <8xbf16>
// CHECK-NEXT: %{{.*}} = tile.rem %[[A]], %[[B]] : <8xbf16>
// CHECK-NEXT: %{{.*}} = tile.max %[[A]], %[[B]] : <8xbf16>
// CHECK-NEXT: %{{.*}} = tile.min %[[A]], %[[B]] : <8xbf16>
func.func @binary_bf16(%a: !tile.tile<8xbf16>, %b: !tile.tile<8xbf16>) {
  %0 = tile.add %a, %b : !tile.tile<8xbf16>
  %1 = tile.sub %a, %b : !tile.tile<8xbf16>
  %2 = tile.mul %a, %b : !tile.tile<8xbf16>
  %3 = tile.div %a, %b : !tile.tile<8xbf16>
  %4 = tile.rem %a, %b : !tile.tile<8xbf16>
  %5 = tile.max %a, %b : !tile.tile<8xbf16>
  %6 = tile.min %a, %b : !tile.tile<8xbf16>
  return
}

// CHECK-LABEL: func.func @binary_i32
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<4x4xi32>, %[[B:[^:]*]]: !tile.tile<4x4xi32>)
// CHECK-NEXT: %{{.*}} = tile.add %[[A]], %[[B]] : <4x4xi32>
// CHECK-NEXT: %{{.*}} = tile.sub %[[A]], %[[B]] : <4x4xi32>
// CHECK-NEXT: %{{.*}} = tile.mul %[[A]], %[[B]] : <4x4xi32>
// CHECK-NEXT: %{{.*}} = tile.div %[[A]], %[[B]] : <4x4xi32>
// CHECK-NEXT: %{{.*}} = tile.rem %[[A]], %[[B]] : <4x4xi32>
// CHECK-NEXT: %{{.*}} = tile.max %[[A]], %[[B]] : <4x4xi32>
// CHECK-NEXT: %{{.*}} = tile.min %[[A]], %[[B]] : <4x4xi32>
func.func @binary_i32(%a: !tile.tile<4x4xi32>, %b: !tile.tile<4x4xi32>) {
  %0 = tile.add %a, %b : !tile.tile<4x4xi32>
  %1 = tile.sub %a, %b : !tile.tile<4x4xi32>
  %2 = tile.mul %a, %b : !tile.tile<4x4xi32>
  %3 = tile.div %a, %b : !tile.tile<4x4xi32>
  %4 = tile.rem %a, %b : !tile.tile<4x4xi32>
  %5 = tile.max %a, %b : !tile.tile<4x4xi32>
  %6 = tile.min %a, %b : !tile.tile<4x4xi32>
  return
}

// CHECK-LABEL: func.func @binary_i64
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<2x2x2xi64>, %[[B:[^:]*]]: !tile.tile<2x2x2xi64>)
// CHECK-NEXT: %{{.*}} = tile.add %[[A]], %[[B]] : <2x2x2xi64>
// CHECK-NEXT: %{{.*}} = tile.sub %[[A]], %[[B]] : <2x2x2xi64>
// CHECK-NEXT: %{{.*}} = tile.mul %[[A]], %[[B]] : <2x2x2xi64>
// CHECK-NEXT: %{{.*}} = tile.div %[[A]], %[[B]] : <2x2x2xi64>
// CHECK-NEXT: %{{.*}} = tile.rem %[[A]], %[[B]] : <2x2x2xi64>
// CHECK-NEXT: %{{.*}} = tile.max %[[A]], %[[B]] : <2x2x2xi64>
// CHECK-NEXT: %{{.*}} = tile.min %[[A]], %[[B]] : <2x2x2xi64>
func.func @binary_i64(%a: !tile.tile<2x2x2xi64>, %b: !tile.tile<2x2x2xi64>) {
  %0 = tile.add %a, %b : !tile.tile<2x2x2xi64>
  %1 = tile.sub %a, %b : !tile.tile<2x2x2xi64>
  %2 = tile.mul %a, %b : !tile.tile<2x2x2xi64>
  %3 = tile.div %a, %b : !tile.tile<2x2x2xi64>
  %4 = tile.rem %a, %b : !tile.tile<2x2x2xi64>
  %5 = tile.max %a, %b : !tile.tile<2x2x2xi64>
  %6 = tile.min %a, %b : !tile.tile<2x2x2xi64>
  return
}
