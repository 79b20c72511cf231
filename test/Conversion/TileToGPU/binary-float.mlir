// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// Float arithmetic maps to the arith float ops on the thread's vector;
// max and min propagate NaN (maximumf, minimumf). f16 and bf16 stay in
// their own type. Each thread holds one run, so each load ends in one
// insert_strided_slice.

// CHECK-LABEL: gpu.func @binary_f32
// CHECK: %[[A:.*]] = vector.insert_strided_slice {{.*}} into vector<4xf32>
// CHECK: %[[B:.*]] = vector.insert_strided_slice {{.*}} into vector<4xf32>
// CHECK-NEXT: %[[R0:.*]] = arith.addf %[[A]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[R1:.*]] = arith.subf %[[R0]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[R2:.*]] = arith.mulf %[[R1]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[R3:.*]] = arith.divf %[[R2]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[R4:.*]] = arith.remf %[[R3]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[R5:.*]] = arith.maximumf %[[R4]], %[[B]] : vector<4xf32>
// CHECK-NEXT: %[[R6:.*]] = arith.minimumf %[[R5]], %[[B]] : vector<4xf32>
// CHECK: vector.extract_strided_slice %[[R6]]
func.func @binary_f32(%out: !tile.piece<512xf32>, %x: !tile.view<?xf32>, %y: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<512xf32>
  %b = tile.load %y[%p] : !tile.view<?xf32> -> !tile.tile<512xf32>
  %0 = tile.add %a, %b : !tile.tile<512xf32>
  %1 = tile.sub %0, %b : !tile.tile<512xf32>
  %2 = tile.mul %1, %b : !tile.tile<512xf32>
  %3 = tile.div %2, %b : !tile.tile<512xf32>
  %4 = tile.rem %3, %b : !tile.tile<512xf32>
  %5 = tile.max %4, %b : !tile.tile<512xf32>
  %6 = tile.min %5, %b : !tile.tile<512xf32>
  tile.store %6, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// CHECK-LABEL: gpu.func @binary_f16
// CHECK: %[[A:.*]] = vector.insert_strided_slice {{.*}} into vector<8xf16>
// CHECK: %[[B:.*]] = vector.insert_strided_slice {{.*}} into vector<8xf16>
// CHECK-NEXT: %[[R0:.*]] = arith.addf %[[A]], %[[B]] : vector<8xf16>
// CHECK-NEXT: %[[R1:.*]] = arith.subf %[[R0]], %[[B]] : vector<8xf16>
// CHECK-NEXT: %[[R2:.*]] = arith.mulf %[[R1]], %[[B]] : vector<8xf16>
// CHECK-NEXT: %[[R3:.*]] = arith.divf %[[R2]], %[[B]] : vector<8xf16>
// CHECK-NEXT: %[[R4:.*]] = arith.remf %[[R3]], %[[B]] : vector<8xf16>
// CHECK-NEXT: %[[R5:.*]] = arith.maximumf %[[R4]], %[[B]] : vector<8xf16>
// CHECK-NEXT: %[[R6:.*]] = arith.minimumf %[[R5]], %[[B]] : vector<8xf16>
// CHECK: vector.extract_strided_slice %[[R6]]
func.func @binary_f16(%out: !tile.piece<1024xf16>, %x: !tile.view<?xf16>, %y: !tile.view<?xf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf16> -> !tile.tile<1024xf16>
  %b = tile.load %y[%p] : !tile.view<?xf16> -> !tile.tile<1024xf16>
  %0 = tile.add %a, %b : !tile.tile<1024xf16>
  %1 = tile.sub %0, %b : !tile.tile<1024xf16>
  %2 = tile.mul %1, %b : !tile.tile<1024xf16>
  %3 = tile.div %2, %b : !tile.tile<1024xf16>
  %4 = tile.rem %3, %b : !tile.tile<1024xf16>
  %5 = tile.max %4, %b : !tile.tile<1024xf16>
  %6 = tile.min %5, %b : !tile.tile<1024xf16>
  tile.store %6, %out : !tile.tile<1024xf16>, !tile.piece<1024xf16>
  return
}

// CHECK-LABEL: gpu.func @binary_bf16
// CHECK: %[[A:.*]] = vector.insert_strided_slice {{.*}} into vector<8xbf16>
// CHECK: %[[B:.*]] = vector.insert_strided_slice {{.*}} into vector<8xbf16>
// CHECK-NEXT: %[[R0:.*]] = arith.addf %[[A]], %[[B]] : vector<8xbf16>
// CHECK-NEXT: %[[R1:.*]] = arith.subf %[[R0]], %[[B]] : vector<8xbf16>
// CHECK-NEXT: %[[R2:.*]] = arith.mulf %[[R1]], %[[B]] : vector<8xbf16>
// CHECK-NEXT: %[[R3:.*]] = arith.divf %[[R2]], %[[B]] : vector<8xbf16>
// CHECK-NEXT: %[[R4:.*]] = arith.remf %[[R3]], %[[B]] : vector<8xbf16>
// CHECK-NEXT: %[[R5:.*]] = arith.maximumf %[[R4]], %[[B]] : vector<8xbf16>
// CHECK-NEXT: %[[R6:.*]] = arith.minimumf %[[R5]], %[[B]] : vector<8xbf16>
// CHECK: vector.extract_strided_slice %[[R6]]
func.func @binary_bf16(%out: !tile.piece<1024xbf16>, %x: !tile.view<?xbf16>, %y: !tile.view<?xbf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xbf16> -> !tile.tile<1024xbf16>
  %b = tile.load %y[%p] : !tile.view<?xbf16> -> !tile.tile<1024xbf16>
  %0 = tile.add %a, %b : !tile.tile<1024xbf16>
  %1 = tile.sub %0, %b : !tile.tile<1024xbf16>
  %2 = tile.mul %1, %b : !tile.tile<1024xbf16>
  %3 = tile.div %2, %b : !tile.tile<1024xbf16>
  %4 = tile.rem %3, %b : !tile.tile<1024xbf16>
  %5 = tile.max %4, %b : !tile.tile<1024xbf16>
  %6 = tile.min %5, %b : !tile.tile<1024xbf16>
  tile.store %6, %out : !tile.tile<1024xbf16>, !tile.piece<1024xbf16>
  return
}
