// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// Integers compare signed: eq, ne, slt, sle, sgt, sge.

// CHECK-LABEL: gpu.func @cmp_i32
// CHECK: %[[A:.*]] = vector.insert_strided_slice {{.*}} into vector<4xi32>
// CHECK: %[[B:.*]] = vector.insert_strided_slice {{.*}} into vector<4xi32>
// CHECK-NEXT: %[[C0:.*]] = arith.cmpi eq, %[[A]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[C1:.*]] = arith.cmpi ne, %[[A]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[C2:.*]] = arith.cmpi slt, %[[A]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[C3:.*]] = arith.cmpi sle, %[[A]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[C4:.*]] = arith.cmpi sgt, %[[A]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[C5:.*]] = arith.cmpi sge, %[[A]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[S0:.*]] = arith.select %[[C0]], %[[A]], %[[B]] : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: %[[S1:.*]] = arith.select %[[C1]], %[[S0]], %[[B]] : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: %[[S2:.*]] = arith.select %[[C2]], %[[S1]], %[[B]] : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: %[[S3:.*]] = arith.select %[[C3]], %[[S2]], %[[B]] : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: %[[S4:.*]] = arith.select %[[C4]], %[[S3]], %[[B]] : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: %[[S5:.*]] = arith.select %[[C5]], %[[S4]], %[[B]] : vector<4xi1>, vector<4xi32>
func.func @cmp_i32(%out: !tile.piece<512xi32>, %x: !tile.view<?xi32>, %y: !tile.view<?xi32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xi32> -> !tile.tile<512xi32>
  %b = tile.load %y[%p] : !tile.view<?xi32> -> !tile.tile<512xi32>
  %0 = tile.cmp eq, %a, %b : !tile.tile<512xi32> -> !tile.tile<512xi1>
  %1 = tile.cmp ne, %a, %b : !tile.tile<512xi32> -> !tile.tile<512xi1>
  %2 = tile.cmp lt, %a, %b : !tile.tile<512xi32> -> !tile.tile<512xi1>
  %3 = tile.cmp le, %a, %b : !tile.tile<512xi32> -> !tile.tile<512xi1>
  %4 = tile.cmp gt, %a, %b : !tile.tile<512xi32> -> !tile.tile<512xi1>
  %5 = tile.cmp ge, %a, %b : !tile.tile<512xi32> -> !tile.tile<512xi1>
  %s0 = tile.select %0, %a, %b : !tile.tile<512xi1>, !tile.tile<512xi32>
  %s1 = tile.select %1, %s0, %b : !tile.tile<512xi1>, !tile.tile<512xi32>
  %s2 = tile.select %2, %s1, %b : !tile.tile<512xi1>, !tile.tile<512xi32>
  %s3 = tile.select %3, %s2, %b : !tile.tile<512xi1>, !tile.tile<512xi32>
  %s4 = tile.select %4, %s3, %b : !tile.tile<512xi1>, !tile.tile<512xi32>
  %s5 = tile.select %5, %s4, %b : !tile.tile<512xi1>, !tile.tile<512xi32>
  tile.store %s5, %out : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}

// -----

// CHECK-LABEL: gpu.func @cmp_i64
// CHECK: %[[A:.*]] = vector.insert_strided_slice {{.*}} into vector<2xi64>
// CHECK: %[[B:.*]] = vector.insert_strided_slice {{.*}} into vector<2xi64>
// CHECK-NEXT: %[[C0:.*]] = arith.cmpi eq, %[[A]], %[[B]] : vector<2xi64>
// CHECK-NEXT: %[[C1:.*]] = arith.cmpi ne, %[[A]], %[[B]] : vector<2xi64>
// CHECK-NEXT: %[[C2:.*]] = arith.cmpi slt, %[[A]], %[[B]] : vector<2xi64>
// CHECK-NEXT: %[[C3:.*]] = arith.cmpi sle, %[[A]], %[[B]] : vector<2xi64>
// CHECK-NEXT: %[[C4:.*]] = arith.cmpi sgt, %[[A]], %[[B]] : vector<2xi64>
// CHECK-NEXT: %[[C5:.*]] = arith.cmpi sge, %[[A]], %[[B]] : vector<2xi64>
// CHECK-NEXT: %[[S0:.*]] = arith.select %[[C0]], %[[A]], %[[B]] : vector<2xi1>, vector<2xi64>
// CHECK-NEXT: %[[S1:.*]] = arith.select %[[C1]], %[[S0]], %[[B]] : vector<2xi1>, vector<2xi64>
// CHECK-NEXT: %[[S2:.*]] = arith.select %[[C2]], %[[S1]], %[[B]] : vector<2xi1>, vector<2xi64>
// CHECK-NEXT: %[[S3:.*]] = arith.select %[[C3]], %[[S2]], %[[B]] : vector<2xi1>, vector<2xi64>
// CHECK-NEXT: %[[S4:.*]] = arith.select %[[C4]], %[[S3]], %[[B]] : vector<2xi1>, vector<2xi64>
// CHECK-NEXT: %[[S5:.*]] = arith.select %[[C5]], %[[S4]], %[[B]] : vector<2xi1>, vector<2xi64>
func.func @cmp_i64(%out: !tile.piece<256xi64>, %x: !tile.view<?xi64>, %y: !tile.view<?xi64>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xi64> -> !tile.tile<256xi64>
  %b = tile.load %y[%p] : !tile.view<?xi64> -> !tile.tile<256xi64>
  %0 = tile.cmp eq, %a, %b : !tile.tile<256xi64> -> !tile.tile<256xi1>
  %1 = tile.cmp ne, %a, %b : !tile.tile<256xi64> -> !tile.tile<256xi1>
  %2 = tile.cmp lt, %a, %b : !tile.tile<256xi64> -> !tile.tile<256xi1>
  %3 = tile.cmp le, %a, %b : !tile.tile<256xi64> -> !tile.tile<256xi1>
  %4 = tile.cmp gt, %a, %b : !tile.tile<256xi64> -> !tile.tile<256xi1>
  %5 = tile.cmp ge, %a, %b : !tile.tile<256xi64> -> !tile.tile<256xi1>
  %s0 = tile.select %0, %a, %b : !tile.tile<256xi1>, !tile.tile<256xi64>
  %s1 = tile.select %1, %s0, %b : !tile.tile<256xi1>, !tile.tile<256xi64>
  %s2 = tile.select %2, %s1, %b : !tile.tile<256xi1>, !tile.tile<256xi64>
  %s3 = tile.select %3, %s2, %b : !tile.tile<256xi1>, !tile.tile<256xi64>
  %s4 = tile.select %4, %s3, %b : !tile.tile<256xi1>, !tile.tile<256xi64>
  %s5 = tile.select %5, %s4, %b : !tile.tile<256xi1>, !tile.tile<256xi64>
  tile.store %s5, %out : !tile.tile<256xi64>, !tile.piece<256xi64>
  return
}
