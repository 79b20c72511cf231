// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// Integer arithmetic is signed: divsi, remsi, maxsi, minsi.

// CHECK-LABEL: gpu.func @binary_i32
// CHECK: %[[A:.*]] = vector.insert_strided_slice {{.*}} into vector<4xi32>
// CHECK: %[[B:.*]] = vector.insert_strided_slice {{.*}} into vector<4xi32>
// CHECK-NEXT: %[[R0:.*]] = arith.addi %[[A]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[R1:.*]] = arith.subi %[[R0]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[R2:.*]] = arith.muli %[[R1]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[R3:.*]] = arith.divsi %[[R2]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[R4:.*]] = arith.remsi %[[R3]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[R5:.*]] = arith.maxsi %[[R4]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[R6:.*]] = arith.minsi %[[R5]], %[[B]] : vector<4xi32>
// CHECK: vector.extract_strided_slice %[[R6]]
func.func @binary_i32(%out: !tile.piece<512xi32>, %x: !tile.view<?xi32>, %y: !tile.view<?xi32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xi32> -> !tile.tile<512xi32>
  %b = tile.load %y[%p] : !tile.view<?xi32> -> !tile.tile<512xi32>
  %0 = tile.add %a, %b : !tile.tile<512xi32>
  %1 = tile.sub %0, %b : !tile.tile<512xi32>
  %2 = tile.mul %1, %b : !tile.tile<512xi32>
  %3 = tile.div %2, %b : !tile.tile<512xi32>
  %4 = tile.rem %3, %b : !tile.tile<512xi32>
  %5 = tile.max %4, %b : !tile.tile<512xi32>
  %6 = tile.min %5, %b : !tile.tile<512xi32>
  tile.store %6, %out : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}

// CHECK-LABEL: gpu.func @binary_i64
// CHECK: %[[A:.*]] = vector.insert_strided_slice {{.*}} into vector<2xi64>
// CHECK: %[[B:.*]] = vector.insert_strided_slice {{.*}} into vector<2xi64>
// CHECK-NEXT: %[[R0:.*]] = arith.addi %[[A]], %[[B]] : vector<2xi64>
// CHECK-NEXT: %[[R1:.*]] = arith.subi %[[R0]], %[[B]] : vector<2xi64>
// CHECK-NEXT: %[[R2:.*]] = arith.muli %[[R1]], %[[B]] : vector<2xi64>
// CHECK-NEXT: %[[R3:.*]] = arith.divsi %[[R2]], %[[B]] : vector<2xi64>
// CHECK-NEXT: %[[R4:.*]] = arith.remsi %[[R3]], %[[B]] : vector<2xi64>
// CHECK-NEXT: %[[R5:.*]] = arith.maxsi %[[R4]], %[[B]] : vector<2xi64>
// CHECK-NEXT: %[[R6:.*]] = arith.minsi %[[R5]], %[[B]] : vector<2xi64>
// CHECK: vector.extract_strided_slice %[[R6]]
func.func @binary_i64(%out: !tile.piece<256xi64>, %x: !tile.view<?xi64>, %y: !tile.view<?xi64>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xi64> -> !tile.tile<256xi64>
  %b = tile.load %y[%p] : !tile.view<?xi64> -> !tile.tile<256xi64>
  %0 = tile.add %a, %b : !tile.tile<256xi64>
  %1 = tile.sub %0, %b : !tile.tile<256xi64>
  %2 = tile.mul %1, %b : !tile.tile<256xi64>
  %3 = tile.div %2, %b : !tile.tile<256xi64>
  %4 = tile.rem %3, %b : !tile.tile<256xi64>
  %5 = tile.max %4, %b : !tile.tile<256xi64>
  %6 = tile.min %5, %b : !tile.tile<256xi64>
  tile.store %6, %out : !tile.tile<256xi64>, !tile.piece<256xi64>
  return
}
