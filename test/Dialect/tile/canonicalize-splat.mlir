// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// A splat of a constant scalar becomes a tile.constant.
// CHECK-LABEL: func.func @splat_float
// CHECK-NEXT: %[[C:.*]] = tile.constant dense<4.000000e+00> : !tile.tile<2x8xf32>
// CHECK-NEXT: return %[[C]]
func.func @splat_float() -> !tile.tile<2x8xf32> {
  %s = arith.constant 4.0 : f32
  %0 = tile.splat %s : f32 -> !tile.tile<2x8xf32>
  return %0 : !tile.tile<2x8xf32>
}

// -----

// CHECK-LABEL: func.func @splat_kinds
// CHECK-DAG: tile.constant dense<-5> : !tile.tile<16xi32>
// CHECK-DAG: tile.constant dense<1099511627776> : !tile.tile<4xi64>
// CHECK-DAG: tile.constant dense<true> : !tile.tile<8xi1>
// CHECK-DAG: tile.constant dense<1.500000e+00> : !tile.tile<8xf16>
// CHECK-DAG: tile.constant dense<-2.000000e+00> : !tile.tile<2x2x2xbf16>
// CHECK-NOT: tile.splat
// CHECK-NOT: arith.constant
func.func @splat_kinds() -> (!tile.tile<16xi32>, !tile.tile<4xi64>, !tile.tile<8xi1>,
                             !tile.tile<8xf16>, !tile.tile<2x2x2xbf16>) {
  %i = arith.constant -5 : i32
  %l = arith.constant 1099511627776 : i64
  %b = arith.constant true
  %h = arith.constant 1.5 : f16
  %g = arith.constant -2.0 : bf16
  %0 = tile.splat %i : i32 -> !tile.tile<16xi32>
  %1 = tile.splat %l : i64 -> !tile.tile<4xi64>
  %2 = tile.splat %b : i1 -> !tile.tile<8xi1>
  %3 = tile.splat %h : f16 -> !tile.tile<8xf16>
  %4 = tile.splat %g : bf16 -> !tile.tile<2x2x2xbf16>
  return %0, %1, %2, %3, %4 : !tile.tile<16xi32>, !tile.tile<4xi64>, !tile.tile<8xi1>,
                              !tile.tile<8xf16>, !tile.tile<2x2x2xbf16>
}

// -----

// A splat of a run-time scalar stays.
// CHECK-LABEL: func.func @splat_argument
// CHECK-SAME: (%[[S:[^:]*]]: f32)
// CHECK-NEXT: %[[T:.*]] = tile.splat %[[S]] : f32 -> <8xf32>
// CHECK-NEXT: return %[[T]]
func.func @splat_argument(%s: f32) -> !tile.tile<8xf32> {
  %0 = tile.splat %s : f32 -> !tile.tile<8xf32>
  return %0 : !tile.tile<8xf32>
}

// -----

// Folded splats feed the other folds: (s + 0) * 1 with constant s.
// CHECK-LABEL: func.func @splat_then_fold
// CHECK-NEXT: %[[C:.*]] = tile.constant dense<3> : !tile.tile<8xi32>
// CHECK-NEXT: return %[[C]]
func.func @splat_then_fold() -> !tile.tile<8xi32> {
  %three = arith.constant 3 : i32
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %a = tile.splat %three : i32 -> !tile.tile<8xi32>
  %z = tile.splat %zero : i32 -> !tile.tile<8xi32>
  %o = tile.splat %one : i32 -> !tile.tile<8xi32>
  %0 = tile.add %a, %z : !tile.tile<8xi32>
  %1 = tile.mul %0, %o : !tile.tile<8xi32>
  return %1 : !tile.tile<8xi32>
}

// -----

// The element of a splat is the scalar splatted; a reduction's is not known.
// CHECK-LABEL: func.func @item_of_splat
// CHECK-SAME: (%[[S:.*]]: f32, %[[T:.*]]: !tile.tile<4xf32>)
// CHECK-NEXT: %[[R:.*]] = tile.reduce sum %[[T]]
// CHECK-NEXT: %[[I:.*]] = tile.item %[[R]]
// CHECK-NEXT: return %[[S]], %[[I]]
func.func @item_of_splat(%s: f32, %t: !tile.tile<4xf32>) -> (f32, f32) {
  %0 = tile.splat %s : f32 -> !tile.tile<1x1xf32>
  %1 = tile.item %0 : !tile.tile<1x1xf32> -> f32
  %2 = tile.reduce sum %t {axis = 0 : i32} : !tile.tile<4xf32> to !tile.tile<1xf32>
  %3 = tile.item %2 : !tile.tile<1xf32> -> f32
  return %1, %3 : f32, f32
}
