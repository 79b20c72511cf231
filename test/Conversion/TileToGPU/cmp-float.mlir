// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// Floats compare ordered (false on NaN), except ne, which is unordered
// (true on NaN): eq, ne, lt, le, gt, ge are oeq, une, olt, ole, ogt, oge.
// The masks feed arith.select.

// CHECK-LABEL: gpu.func @cmp_f32
// CHECK: %[[A:.*]] = vector.insert_strided_slice {{.*}} into vector<4xf32>
// CHECK: %[[B:.*]] = vector.insert_strided_slice {{.*}} into vector<4xf32>
// CHECK-NEXT: %[[C0:.*]] = arith.cmpf oeq, %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[C1:.*]] = arith.cmpf une, %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[C2:.*]] = arith.cmpf olt, %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[C3:.*]] = arith.cmpf ole, %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[C4:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[C5:.*]] = arith.cmpf oge, %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[S0:.*]] = arith.select %[[C0]], %[[A]], %[[B]] : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %[[S1:.*]] = arith.select %[[C1]], %[[S0]], %[[B]] : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %[[S2:.*]] = arith.select %[[C2]], %[[S1]], %[[B]] : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %[[S3:.*]] = arith.select %[[C3]], %[[S2]], %[[B]] : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %[[S4:.*]] = arith.select %[[C4]], %[[S3]], %[[B]] : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %[[S5:.*]] = arith.select %[[C5]], %[[S4]], %[[B]] : vector<4xi1>, vector<4xf32>
func.func @cmp_f32(%out: !tile.piece<512xf32>, %x: !tile.view<?xf32>, %y: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<512xf32>
  %b = tile.load %y[%p] : !tile.view<?xf32> -> !tile.tile<512xf32>
  %0 = tile.cmp eq, %a, %b : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %1 = tile.cmp ne, %a, %b : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %2 = tile.cmp lt, %a, %b : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %3 = tile.cmp le, %a, %b : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %4 = tile.cmp gt, %a, %b : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %5 = tile.cmp ge, %a, %b : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %s0 = tile.select %0, %a, %b : !tile.tile<512xi1>, !tile.tile<512xf32>
  %s1 = tile.select %1, %s0, %b : !tile.tile<512xi1>, !tile.tile<512xf32>
  %s2 = tile.select %2, %s1, %b : !tile.tile<512xi1>, !tile.tile<512xf32>
  %s3 = tile.select %3, %s2, %b : !tile.tile<512xi1>, !tile.tile<512xf32>
  %s4 = tile.select %4, %s3, %b : !tile.tile<512xi1>, !tile.tile<512xf32>
  %s5 = tile.select %5, %s4, %b : !tile.tile<512xi1>, !tile.tile<512xf32>
  tile.store %s5, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// CHECK-LABEL: gpu.func @cmp_f16
// CHECK: %[[A:.*]] = vector.insert_strided_slice {{.*}} into vector<8xf16>
// CHECK: %[[B:.*]] = vector.insert_strided_slice {{.*}} into vector<8xf16>
// CHECK-NEXT: %[[C0:.*]] = arith.cmpf oeq, %[[A]], %[[B]] : vector<8xf16>
// CHECK-NEXT: %[[C1:.*]] = arith.cmpf une, %[[A]], %[[B]] : vector<8xf16>
// CHECK-NEXT: %[[C2:.*]] = arith.cmpf olt, %[[A]], %[[B]] : vector<8xf16>
// CHECK-NEXT: %[[C3:.*]] = arith.cmpf ole, %[[A]], %[[B]] : vector<8xf16>
// CHECK-NEXT: %[[C4:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : vector<8xf16>
// CHECK-NEXT: %[[C5:.*]] = arith.cmpf oge, %[[A]], %[[B]] : vector<8xf16>
// CHECK-NEXT: %[[S0:.*]] = arith.select %[[C0]], %[[A]], %[[B]] : vector<8xi1>, vector<8xf16>
// CHECK-NEXT: %[[S1:.*]] = arith.select %[[C1]], %[[S0]], %[[B]] : vector<8xi1>, vector<8xf16>
// CHECK-NEXT: %[[S2:.*]] = arith.select %[[C2]], %[[S1]], %[[B]] : vector<8xi1>, vector<8xf16>
// CHECK-NEXT: %[[S3:.*]] = arith.select %[[C3]], %[[S2]], %[[B]] : vector<8xi1>, vector<8xf16>
// CHECK-NEXT: %[[S4:.*]] = arith.select %[[C4]], %[[S3]], %[[B]] : vector<8xi1>, vector<8xf16>
// CHECK-NEXT: %[[S5:.*]] = arith.select %[[C5]], %[[S4]], %[[B]] : vector<8xi1>, vector<8xf16>
func.func @cmp_f16(%out: !tile.piece<1024xf16>, %x: !tile.view<?xf16>, %y: !tile.view<?xf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf16> -> !tile.tile<1024xf16>
  %b = tile.load %y[%p] : !tile.view<?xf16> -> !tile.tile<1024xf16>
  %0 = tile.cmp eq, %a, %b : !tile.tile<1024xf16> -> !tile.tile<1024xi1>
  %1 = tile.cmp ne, %a, %b : !tile.tile<1024xf16> -> !tile.tile<1024xi1>
  %2 = tile.cmp lt, %a, %b : !tile.tile<1024xf16> -> !tile.tile<1024xi1>
  %3 = tile.cmp le, %a, %b : !tile.tile<1024xf16> -> !tile.tile<1024xi1>
  %4 = tile.cmp gt, %a, %b : !tile.tile<1024xf16> -> !tile.tile<1024xi1>
  %5 = tile.cmp ge, %a, %b : !tile.tile<1024xf16> -> !tile.tile<1024xi1>
  %s0 = tile.select %0, %a, %b : !tile.tile<1024xi1>, !tile.tile<1024xf16>
  %s1 = tile.select %1, %s0, %b : !tile.tile<1024xi1>, !tile.tile<1024xf16>
  %s2 = tile.select %2, %s1, %b : !tile.tile<1024xi1>, !tile.tile<1024xf16>
  %s3 = tile.select %3, %s2, %b : !tile.tile<1024xi1>, !tile.tile<1024xf16>
  %s4 = tile.select %4, %s3, %b : !tile.tile<1024xi1>, !tile.tile<1024xf16>
  %s5 = tile.select %5, %s4, %b : !tile.tile<1024xi1>, !tile.tile<1024xf16>
  tile.store %s5, %out : !tile.tile<1024xf16>, !tile.piece<1024xf16>
  return
}

// -----

// CHECK-LABEL: gpu.func @cmp_bf16
// CHECK: %[[A:.*]] = vector.insert_strided_slice {{.*}} into vector<8xbf16>
// CHECK: %[[B:.*]] = vector.insert_strided_slice {{.*}} into vector<8xbf16>
// CHECK-NEXT: %[[C0:.*]] = arith.cmpf oeq, %[[A]], %[[B]] : vector<8xbf16>
// CHECK-NEXT: %[[C1:.*]] = arith.cmpf une, %[[A]], %[[B]] : vector<8xbf16>
// CHECK-NEXT: %[[C2:.*]] = arith.cmpf olt, %[[A]], %[[B]] : vector<8xbf16>
// CHECK-NEXT: %[[C3:.*]] = arith.cmpf ole, %[[A]], %[[B]] : vector<8xbf16>
// CHECK-NEXT: %[[C4:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : vector<8xbf16>
// CHECK-NEXT: %[[C5:.*]] = arith.cmpf oge, %[[A]], %[[B]] : vector<8xbf16>
// CHECK-NEXT: %[[S0:.*]] = arith.select %[[C0]], %[[A]], %[[B]] : vector<8xi1>, vector<8xbf16>
// CHECK-NEXT: %[[S1:.*]] = arith.select %[[C1]], %[[S0]], %[[B]] : vector<8xi1>, vector<8xbf16>
// CHECK-NEXT: %[[S2:.*]] = arith.select %[[C2]], %[[S1]], %[[B]] : vector<8xi1>, vector<8xbf16>
// CHECK-NEXT: %[[S3:.*]] = arith.select %[[C3]], %[[S2]], %[[B]] : vector<8xi1>, vector<8xbf16>
// CHECK-NEXT: %[[S4:.*]] = arith.select %[[C4]], %[[S3]], %[[B]] : vector<8xi1>, vector<8xbf16>
// CHECK-NEXT: %[[S5:.*]] = arith.select %[[C5]], %[[S4]], %[[B]] : vector<8xi1>, vector<8xbf16>
func.func @cmp_bf16(%out: !tile.piece<1024xbf16>, %x: !tile.view<?xbf16>, %y: !tile.view<?xbf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xbf16> -> !tile.tile<1024xbf16>
  %b = tile.load %y[%p] : !tile.view<?xbf16> -> !tile.tile<1024xbf16>
  %0 = tile.cmp eq, %a, %b : !tile.tile<1024xbf16> -> !tile.tile<1024xi1>
  %1 = tile.cmp ne, %a, %b : !tile.tile<1024xbf16> -> !tile.tile<1024xi1>
  %2 = tile.cmp lt, %a, %b : !tile.tile<1024xbf16> -> !tile.tile<1024xi1>
  %3 = tile.cmp le, %a, %b : !tile.tile<1024xbf16> -> !tile.tile<1024xi1>
  %4 = tile.cmp gt, %a, %b : !tile.tile<1024xbf16> -> !tile.tile<1024xi1>
  %5 = tile.cmp ge, %a, %b : !tile.tile<1024xbf16> -> !tile.tile<1024xi1>
  %s0 = tile.select %0, %a, %b : !tile.tile<1024xi1>, !tile.tile<1024xbf16>
  %s1 = tile.select %1, %s0, %b : !tile.tile<1024xi1>, !tile.tile<1024xbf16>
  %s2 = tile.select %2, %s1, %b : !tile.tile<1024xi1>, !tile.tile<1024xbf16>
  %s3 = tile.select %3, %s2, %b : !tile.tile<1024xi1>, !tile.tile<1024xbf16>
  %s4 = tile.select %4, %s3, %b : !tile.tile<1024xi1>, !tile.tile<1024xbf16>
  %s5 = tile.select %5, %s4, %b : !tile.tile<1024xi1>, !tile.tile<1024xbf16>
  tile.store %s5, %out : !tile.tile<1024xbf16>, !tile.piece<1024xbf16>
  return
}
