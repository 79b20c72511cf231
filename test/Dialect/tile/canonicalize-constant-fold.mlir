// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// Arithmetic on splat constants folds to a splat constant.
// CHECK-LABEL: func.func @float_add_sub_mul_div
// CHECK-NEXT: %[[C:.*]] = tile.constant dense<2.500000e+00> : !tile.tile<4xf32>
// CHECK-NEXT: return %[[C]]
func.func @float_add_sub_mul_div() -> !tile.tile<4xf32> {
  %a = tile.constant dense<3.0> : !tile.tile<4xf32>
  %b = tile.constant dense<2.0> : !tile.tile<4xf32>
  %h = tile.constant dense<0.5> : !tile.tile<4xf32>
  %0 = tile.mul %a, %b : !tile.tile<4xf32>
  %1 = tile.sub %0, %a : !tile.tile<4xf32>
  %2 = tile.add %1, %a : !tile.tile<4xf32>
  %3 = tile.div %2, %b : !tile.tile<4xf32>
  %4 = tile.sub %3, %h : !tile.tile<4xf32>
  return %4 : !tile.tile<4xf32>
}

// -----

// Each float op on its own.
// CHECK-LABEL: func.func @float_each
// CHECK-DAG: %[[ADD:.*]] = tile.constant dense<1.000000e+01> : !tile.tile<2x2xf32>
// CHECK-DAG: %[[SUB:.*]] = tile.constant dense<6.000000e+00> : !tile.tile<2x2xf32>
// CHECK-DAG: %[[MUL:.*]] = tile.constant dense<1.600000e+01> : !tile.tile<2x2xf32>
// CHECK-DAG: %[[DIV:.*]] = tile.constant dense<4.000000e+00> : !tile.tile<2x2xf32>
// CHECK-NOT: tile.add
// CHECK-NOT: tile.sub
// CHECK-NOT: tile.mul
// CHECK-NOT: tile.div
// CHECK: return %[[ADD]], %[[SUB]], %[[MUL]], %[[DIV]]
func.func @float_each() -> (!tile.tile<2x2xf32>, !tile.tile<2x2xf32>, !tile.tile<2x2xf32>, !tile.tile<2x2xf32>) {
  %a = tile.constant dense<8.0> : !tile.tile<2x2xf32>
  %b = tile.constant dense<2.0> : !tile.tile<2x2xf32>
  %0 = tile.add %a, %b : !tile.tile<2x2xf32>
  %1 = tile.sub %a, %b : !tile.tile<2x2xf32>
  %2 = tile.mul %a, %b : !tile.tile<2x2xf32>
  %3 = tile.div %a, %b : !tile.tile<2x2xf32>
  return %0, %1, %2, %3 : !tile.tile<2x2xf32>, !tile.tile<2x2xf32>, !tile.tile<2x2xf32>, !tile.tile<2x2xf32>
}

// -----

// f16 and bf16 fold in their own precision.
// CHECK-LABEL: func.func @half_precision
// CHECK-DAG: tile.constant dense<3.000000e+00> : !tile.tile<8xf16>
// CHECK-DAG: tile.constant dense<1.000000e+00> : !tile.tile<8xbf16>
// CHECK-NOT: tile.add
// CHECK-NOT: tile.div
func.func @half_precision() -> (!tile.tile<8xf16>, !tile.tile<8xbf16>) {
  %a = tile.constant dense<1.5> : !tile.tile<8xf16>
  %0 = tile.add %a, %a : !tile.tile<8xf16>
  %b = tile.constant dense<0.25> : !tile.tile<8xbf16>
  %1 = tile.div %b, %b : !tile.tile<8xbf16>
  return %0, %1 : !tile.tile<8xf16>, !tile.tile<8xbf16>
}

// -----

// CHECK-LABEL: func.func @int_add_sub_mul
// CHECK-NEXT: %[[C:.*]] = tile.constant dense<-14> : !tile.tile<4xi64>
// CHECK-NEXT: return %[[C]]
func.func @int_add_sub_mul() -> !tile.tile<4xi64> {
  %a = tile.constant dense<7> : !tile.tile<4xi64>
  %b = tile.constant dense<-2> : !tile.tile<4xi64>
  %c = tile.constant dense<3> : !tile.tile<4xi64>
  %0 = tile.add %a, %c : !tile.tile<4xi64>
  %1 = tile.sub %0, %c : !tile.tile<4xi64>
  %2 = tile.mul %1, %b : !tile.tile<4xi64>
  return %2 : !tile.tile<4xi64>
}

// -----

// CHECK-LABEL: func.func @int_each
// CHECK-DAG: %[[ADD:.*]] = tile.constant dense<13> : !tile.tile<8xi32>
// CHECK-DAG: %[[SUB:.*]] = tile.constant dense<7> : !tile.tile<8xi32>
// CHECK-DAG: %[[MUL:.*]] = tile.constant dense<30> : !tile.tile<8xi32>
// CHECK-NOT: tile.add
// CHECK-NOT: tile.sub
// CHECK-NOT: tile.mul
// CHECK: return %[[ADD]], %[[SUB]], %[[MUL]]
func.func @int_each() -> (!tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>) {
  %a = tile.constant dense<10> : !tile.tile<8xi32>
  %b = tile.constant dense<3> : !tile.tile<8xi32>
  %0 = tile.add %a, %b : !tile.tile<8xi32>
  %1 = tile.sub %a, %b : !tile.tile<8xi32>
  %2 = tile.mul %a, %b : !tile.tile<8xi32>
  return %0, %1, %2 : !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>
}

// -----

// Integer arithmetic wraps around.
// CHECK-LABEL: func.func @int_wraps
// CHECK-NEXT: %[[C:.*]] = tile.constant dense<-2147483648> : !tile.tile<2xi32>
// CHECK-NEXT: return %[[C]]
func.func @int_wraps() -> !tile.tile<2xi32> {
  %a = tile.constant dense<2147483647> : !tile.tile<2xi32>
  %b = tile.constant dense<1> : !tile.tile<2xi32>
  %0 = tile.add %a, %b : !tile.tile<2xi32>
  return %0 : !tile.tile<2xi32>
}

// -----

// Non-splat constants fold element by element.
// CHECK-LABEL: func.func @non_splat
// CHECK-NEXT: %[[C:.*]] = tile.constant dense<[4, 6]> : !tile.tile<2xi32>
// CHECK-NEXT: return %[[C]]
func.func @non_splat() -> !tile.tile<2xi32> {
  %a = tile.constant dense<[1, 2]> : !tile.tile<2xi32>
  %b = tile.constant dense<[3, 4]> : !tile.tile<2xi32>
  %0 = tile.add %a, %b : !tile.tile<2xi32>
  return %0 : !tile.tile<2xi32>
}

// -----

// Float division by zero folds to infinity, as at run time.
// CHECK-LABEL: func.func @float_div_zero
// CHECK-NEXT: %[[C:.*]] = tile.constant dense<0x7F800000> : !tile.tile<2xf32>
// CHECK-NEXT: return %[[C]]
func.func @float_div_zero() -> !tile.tile<2xf32> {
  %a = tile.constant dense<1.0> : !tile.tile<2xf32>
  %b = tile.constant dense<0.0> : !tile.tile<2xf32>
  %0 = tile.div %a, %b : !tile.tile<2xf32>
  return %0 : !tile.tile<2xf32>
}

// -----

// Integer division of constants truncates toward zero.
// CHECK-LABEL: func.func @int_div
// CHECK-DAG: %[[Q:.*]] = tile.constant dense<3> : !tile.tile<4xi32>
// CHECK-DAG: %[[R:.*]] = tile.constant dense<-3> : !tile.tile<4xi64>
// CHECK-NOT: tile.div
// CHECK: return %[[Q]], %[[R]]
func.func @int_div() -> (!tile.tile<4xi32>, !tile.tile<4xi64>) {
  %a = tile.constant dense<7> : !tile.tile<4xi32>
  %b = tile.constant dense<2> : !tile.tile<4xi32>
  %0 = tile.div %a, %b : !tile.tile<4xi32>
  %c = tile.constant dense<-7> : !tile.tile<4xi64>
  %d = tile.constant dense<2> : !tile.tile<4xi64>
  %1 = tile.div %c, %d : !tile.tile<4xi64>
  return %0, %1 : !tile.tile<4xi32>, !tile.tile<4xi64>
}
