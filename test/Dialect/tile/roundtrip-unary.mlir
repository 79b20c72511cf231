// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// neg and abs take any numeric tile; the math functions and fma take float
// tiles.

// CHECK-LABEL: func.func @integer_i32
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<8xi32>)
// CHECK-NEXT: tile.neg %[[A]] : <8xi32>
// CHECK-NEXT: tile.abs %[[A]] : <8xi32>
func.func @integer_i32(%a: !tile.tile<8xi32>) {
  %0 = tile.neg %a : !tile.tile<8xi32>
  %1 = tile.abs %a : !tile.tile<8xi32>
  return
}

// CHECK-LABEL: func.func @integer_i64
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<8xi64>)
// CHECK-NEXT: tile.neg %[[A]] : <8xi64>
// CHECK-NEXT: tile.abs %[[A]] : <8xi64>
func.func @integer_i64(%a: !tile.tile<8xi64>) {
  %0 = tile.neg %a : !tile.tile<8xi64>
  %1 = tile.abs %a : !tile.tile<8xi64>
  return
}

// CHECK-LABEL: func.func @float_f32
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<128xf32>, %[[B:[^:]*]]: !tile.tile<128xf32>, %[[C:[^:]*]]: !tile.tile<128xf32>)
// CHECK-NEXT: tile.neg %[[A]] : <128xf32>
// CHECK-NEXT: tile.abs %[[A]] : <128xf32>
// CHECK-NEXT: tile.exp %[[A]] : <128xf32>
// CHECK-NEXT: tile.exp2 %[[A]] : <128xf32>
// CHECK-NEXT: tile.log %[[A]] : <128xf32>
// CHECK-NEXT: tile.sqrt %[[A]] : <128xf32>
// CHECK-NEXT: tile.rsqrt %[[A]] : <128xf32>
// CHECK-NEXT: tile.tanh %[[A]] : <128xf32>
// CHECK-NEXT: tile.sin %[[A]] : <128xf32>
// CHECK-NEXT: tile.cos %[[A]] : <128xf32>
// CHECK-NEXT: tile.fma %[[A]], %[[B]], %[[C]] : <128xf32>
func.func @float_f32(%a: !tile.tile<128xf32>, %b: !tile.tile<128xf32>, %c: !tile.tile<128xf32>) {
  %0 = tile.neg %a : !tile.tile<128xf32>
  %1 = tile.abs %a : !tile.tile<128xf32>
  %2 = tile.exp %a : !tile.tile<128xf32>
  %3 = tile.exp2 %a : !tile.tile<128xf32>
  %4 = tile.log %a : !tile.tile<128xf32>
  %5 = tile.sqrt %a : !tile.tile<128xf32>
  %6 = tile.rsqrt %a : !tile.tile<128xf32>
  %7 = tile.tanh %a : !tile.tile<128xf32>
  %8 = tile.sin %a : !tile.tile<128xf32>
  %9 = tile.cos %a : !tile.tile<128xf32>
  %fma = tile.fma %a, %b, %c : !tile.tile<128xf32>
  return
}

// CHECK-LABEL: func.func @float_f16
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<4x8xf16>, %[[B:[^:]*]]: !tile.tile<4x8xf16>, %[[C:[^:]*]]: !tile.tile<4x8xf16>)
// CHECK-NEXT: tile.neg %[[A]] : <4x8xf16>
// CHECK-NEXT: tile.abs %[[A]] : <4x8xf16>
// CHECK-NEXT: tile.exp %[[A]] : <4x8xf16>
// CHECK-NEXT: tile.exp2 %[[A]] : <4x8xf16>
// CHECK-NEXT: tile.log %[[A]] : <4x8xf16>
// CHECK-NEXT: tile.sqrt %[[A]] : <4x8xf16>
// CHECK-NEXT: tile.rsqrt %[[A]] : <4x8xf16>
// CHECK-NEXT: tile.tanh %[[A]] : <4x8xf16>
// CHECK-NEXT: tile.sin %[[A]] : <4x8xf16>
// CHECK-NEXT: tile.cos %[[A]] : <4x8xf16>
// CHECK-NEXT: tile.fma %[[A]], %[[B]], %[[C]] : <4x8xf16>
func.func @float_f16(%a: !tile.tile<4x8xf16>, %b: !tile.tile<4x8xf16>, %c: !tile.tile<4x8xf16>) {
  %0 = tile.neg %a : !tile.tile<4x8xf16>
  %1 = tile.abs %a : !tile.tile<4x8xf16>
  %2 = tile.exp %a : !tile.tile<4x8xf16>
  %3 = tile.exp2 %a : !tile.tile<4x8xf16>
  %4 = tile.log %a : !tile.tile<4x8xf16>
  %5 = tile.sqrt %a : !tile.tile<4x8xf16>
  %6 = tile.rsqrt %a : !tile.tile<4x8xf16>
  %7 = tile.tanh %a : !tile.tile<4x8xf16>
  %8 = tile.sin %a : !tile.tile<4x8xf16>
  %9 = tile.cos %a : !tile.tile<4x8xf16>
  %fma = tile.fma %a, %b, %c : !tile.tile<4x8xf16>
  return
}

// CHECK-LABEL: func.func @float_bf16
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<2x2x2xbf16>, %[[B:[^:]*]]: !tile.tile<2x2x2xbf16>, %[[C:[^:]*]]: !tile.tile<2x2x2xbf16>)
// CHECK-NEXT: tile.neg %[[A]] : <2x2x2xbf16>
// CHECK-NEXT: tile.abs %[[A]] : <2x2x2xbf16>
// CHECK-NEXT: tile.exp %[[A]] : <2x2x2xbf16>
// CHECK-NEXT: tile.exp2 %[[A]] : <2x2x2xbf16>
// CHECK-NEXT: tile.log %[[A]] : <2x2x2xbf16>
// CHECK-NEXT: tile.sqrt %[[A]] : <2x2x2xbf16>
// CHECK-NEXT: tile.rsqrt %[[A]] : <2x2x2xbf16>
// CHECK-NEXT: tile.tanh %[[A]] : <2x2x2xbf16>
// CHECK-NEXT: tile.sin %[[A]] : <2x2x2xbf16>
// CHECK-NEXT: tile.cos %[[A]] : <2x2x2xbf16>
// CHECK-NEXT: tile.fma %[[A]], %[[B]], %[[C]] : <2x2x2xbf16>
func.func @float_bf16(%a: !tile.tile<2x2x2xbf16>, %b: !tile.tile<2x2x2xbf16>, %c: !tile.tile<2x2x2xbf16>) {
  %0 = tile.neg %a : !tile.tile<2x2x2xbf16>
  %1 = tile.abs %a : !tile.tile<2x2x2xbf16>
  %2 = tile.exp %a : !tile.tile<2x2x2xbf16>
  %3 = tile.exp2 %a : !tile.tile<2x2x2xbf16>
  %4 = tile.log %a : !tile.tile<2x2x2xbf16>
  %5 = tile.sqrt %a : !tile.tile<2x2x2xbf16>
  %6 = tile.rsqrt %a : !tile.tile<2x2x2xbf16>
  %7 = tile.tanh %a : !tile.tile<2x2x2xbf16>
  %8 = tile.sin %a : !tile.tile<2x2x2xbf16>
  %9 = tile.cos %a : !tile.tile<2x2x2xbf16>
  %fma = tile.fma %a, %b, %c : !tile.tile<2x2x2xbf16>
  return
}

// The rounding functions, the other transcendental ones, and pow and atan2.
// CHECK-LABEL: func.func @more_math
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<8xf32>, %[[B:[^:]*]]: !tile.tile<8xf32>, %[[H:[^:]*]]: !tile.tile<4xf16>)
// CHECK-NEXT: tile.floor %[[A]] : <8xf32>
// CHECK-NEXT: tile.ceil %[[A]] : <8xf32>
// CHECK-NEXT: tile.round %[[A]] : <8xf32>
// CHECK-NEXT: tile.trunc %[[A]] : <8xf32>
// CHECK-NEXT: tile.log2 %[[A]] : <8xf32>
// CHECK-NEXT: tile.tan %[[A]] : <8xf32>
// CHECK-NEXT: tile.sinh %[[A]] : <8xf32>
// CHECK-NEXT: tile.cosh %[[A]] : <8xf32>
// CHECK-NEXT: tile.erf %[[H]] : <4xf16>
// CHECK-NEXT: tile.pow %[[A]], %[[B]] : <8xf32>
// CHECK-NEXT: tile.atan2 %[[B]], %[[A]] : <8xf32>
func.func @more_math(%a: !tile.tile<8xf32>, %b: !tile.tile<8xf32>, %h: !tile.tile<4xf16>) {
  %0 = tile.floor %a : !tile.tile<8xf32>
  %1 = tile.ceil %a : !tile.tile<8xf32>
  %2 = tile.round %a : !tile.tile<8xf32>
  %3 = tile.trunc %a : !tile.tile<8xf32>
  %4 = tile.log2 %a : !tile.tile<8xf32>
  %5 = tile.tan %a : !tile.tile<8xf32>
  %6 = tile.sinh %a : !tile.tile<8xf32>
  %7 = tile.cosh %a : !tile.tile<8xf32>
  %8 = tile.erf %h : !tile.tile<4xf16>
  %9 = tile.pow %a, %b : !tile.tile<8xf32>
  %10 = tile.atan2 %b, %a : !tile.tile<8xf32>
  return
}
