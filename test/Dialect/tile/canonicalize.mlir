// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func @add_zero
// CHECK-NEXT: return %arg0
func.func @add_zero(%a: !tile.tile<8xf32>) -> !tile.tile<8xf32> {
  %n = tile.constant dense<-0.0> : !tile.tile<8xf32>
  %z = tile.constant dense<0.0> : !tile.tile<8xf32>
  %0 = tile.add %a, %n : !tile.tile<8xf32>
  %1 = tile.sub %0, %z : !tile.tile<8xf32>
  return %1 : !tile.tile<8xf32>
}

// -----

// CHECK-LABEL: func @mul_one
// CHECK-NEXT: return %arg0
func.func @mul_one(%a: !tile.tile<8xi32>) -> !tile.tile<8xi32> {
  %one = tile.constant dense<1> : !tile.tile<8xi32>
  %0 = tile.mul %one, %a : !tile.tile<8xi32>
  %1 = tile.div %0, %one : !tile.tile<8xi32>
  return %1 : !tile.tile<8xi32>
}

// -----

// CHECK-LABEL: func @fold_float_constants
// CHECK-NEXT: %[[C:.*]] = tile.constant dense<2.500000e+00> : !tile.tile<4xf32>
// CHECK-NEXT: return %[[C]]
func.func @fold_float_constants() -> !tile.tile<4xf32> {
  %a = tile.constant dense<3.0> : !tile.tile<4xf32>
  %b = tile.constant dense<2.0> : !tile.tile<4xf32>
  %0 = tile.mul %a, %b : !tile.tile<4xf32>
  %1 = tile.sub %0, %a : !tile.tile<4xf32>
  %2 = tile.add %1, %a : !tile.tile<4xf32>
  %3 = tile.div %2, %b : !tile.tile<4xf32>
  %h = tile.constant dense<0.5> : !tile.tile<4xf32>
  %4 = tile.sub %3, %h : !tile.tile<4xf32>
  return %4 : !tile.tile<4xf32>
}

// -----

// CHECK-LABEL: func @fold_int_constants
// CHECK-NEXT: %[[C:.*]] = tile.constant dense<-14> : !tile.tile<4xi64>
// CHECK-NEXT: return %[[C]]
func.func @fold_int_constants() -> !tile.tile<4xi64> {
  %a = tile.constant dense<7> : !tile.tile<4xi64>
  %b = tile.constant dense<-2> : !tile.tile<4xi64>
  %0 = tile.mul %a, %b : !tile.tile<4xi64>
  return %0 : !tile.tile<4xi64>
}

// -----

// Integer division by zero is left for run time.
// CHECK-LABEL: func @int_div_zero
// CHECK: tile.div
func.func @int_div_zero(%a: !tile.tile<4xi32>) -> !tile.tile<4xi32> {
  %z = tile.constant dense<0> : !tile.tile<4xi32>
  %0 = tile.div %a, %z : !tile.tile<4xi32>
  return %0 : !tile.tile<4xi32>
}

// -----

// CHECK-LABEL: func @neg_neg
// CHECK-NEXT: return %arg0
func.func @neg_neg(%a: !tile.tile<8xf32>) -> !tile.tile<8xf32> {
  %0 = tile.neg %a : !tile.tile<8xf32>
  %1 = tile.neg %0 : !tile.tile<8xf32>
  return %1 : !tile.tile<8xf32>
}

// -----

// CHECK-LABEL: func @select_folds
// CHECK-NEXT: return %arg0, %arg1
func.func @select_folds(%a: !tile.tile<8xf32>, %b: !tile.tile<8xf32>)
    -> (!tile.tile<8xf32>, !tile.tile<8xf32>) {
  %t = tile.constant dense<true> : !tile.tile<8xi1>
  %f = tile.constant dense<false> : !tile.tile<8xi1>
  %0 = tile.select %t, %a, %b : !tile.tile<8xi1>, !tile.tile<8xf32>
  %1 = tile.select %f, %a, %b : !tile.tile<8xi1>, !tile.tile<8xf32>
  return %0, %1 : !tile.tile<8xf32>, !tile.tile<8xf32>
}

// -----

// CHECK-LABEL: func @select_same
// CHECK-NEXT: return %arg1
func.func @select_same(%c: !tile.tile<8xi1>, %a: !tile.tile<8xf32>) -> !tile.tile<8xf32> {
  %0 = tile.select %c, %a, %a : !tile.tile<8xi1>, !tile.tile<8xf32>
  return %0 : !tile.tile<8xf32>
}

// -----

// CHECK-LABEL: func @identities
// CHECK-NEXT: return %arg0
func.func @identities(%a: !tile.tile<4x8xf32>) -> !tile.tile<4x8xf32> {
  %0 = tile.cast %a : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  %1 = tile.broadcast %0 : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  %2 = tile.reshape %1 : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  %3 = tile.permute %2 [0, 1] : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  return %3 : !tile.tile<4x8xf32>
}

// -----

// CHECK-LABEL: func @reshape_reshape
// CHECK-NEXT: %[[R:.*]] = tile.reshape %arg0 : <4x8xf32> to <32xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_reshape(%a: !tile.tile<4x8xf32>) -> !tile.tile<32xf32> {
  %0 = tile.reshape %a : !tile.tile<4x8xf32> to !tile.tile<2x16xf32>
  %1 = tile.reshape %0 : !tile.tile<2x16xf32> to !tile.tile<32xf32>
  return %1 : !tile.tile<32xf32>
}

// -----

// CHECK-LABEL: func @splat_constant
// CHECK-NEXT: %[[C:.*]] = tile.constant dense<4.000000e+00> : !tile.tile<2x8xf32>
// CHECK-NEXT: return %[[C]]
func.func @splat_constant() -> !tile.tile<2x8xf32> {
  %s = arith.constant 4.0 : f32
  %0 = tile.splat %s : f32 -> !tile.tile<16xf32>
  %1 = tile.reshape %0 : !tile.tile<16xf32> to !tile.tile<2x8xf32>
  return %1 : !tile.tile<2x8xf32>
}

// -----

// CHECK-LABEL: func @broadcast_splat
// CHECK-NEXT: %[[C:.*]] = tile.constant dense<1.000000e+00> : !tile.tile<4x8xf32>
// CHECK-NEXT: return %[[C]]
func.func @broadcast_splat() -> !tile.tile<4x8xf32> {
  %c = tile.constant dense<1.0> : !tile.tile<4x1xf32>
  %0 = tile.broadcast %c : !tile.tile<4x1xf32> to !tile.tile<4x8xf32>
  return %0 : !tile.tile<4x8xf32>
}
