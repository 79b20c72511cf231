// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// Float negation is negf, integer negation 0 - x; abs is absf or absi.
// CHECK-LABEL: gpu.func @float
// CHECK: %[[X:.*]] = vector.insert_strided_slice {{.*}} into vector<4xf32>
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[X]] : vector<4xf32>
// CHECK-NEXT: %[[A:.*]] = math.absf %[[N]] : vector<4xf32>
// CHECK: vector.extract_strided_slice %[[A]]
func.func @float(%out: !tile.piece<512xf32>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<512xf32> -> !tile.tile<512xf32>
  %0 = tile.neg %x : !tile.tile<512xf32>
  %1 = tile.abs %0 : !tile.tile<512xf32>
  tile.store %1, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// CHECK-LABEL: gpu.func @half
// CHECK: %[[X:.*]] = vector.insert_strided_slice {{.*}} into vector<8xf16>
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[X]] : vector<8xf16>
// CHECK-NEXT: %[[A:.*]] = math.absf %[[N]] : vector<8xf16>
func.func @half(%out: !tile.piece<1024xf16>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<1024xf16> -> !tile.tile<1024xf16>
  %0 = tile.neg %x : !tile.tile<1024xf16>
  %1 = tile.abs %0 : !tile.tile<1024xf16>
  tile.store %1, %out : !tile.tile<1024xf16>, !tile.piece<1024xf16>
  return
}

// -----

// CHECK-LABEL: gpu.func @int
// CHECK: %[[X:.*]] = vector.insert_strided_slice {{.*}} into vector<4xi32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: %[[N:.*]] = arith.subi %[[Z]], %[[X]] : vector<4xi32>
// CHECK-NEXT: %[[A:.*]] = math.absi %[[N]] : vector<4xi32>
// CHECK: vector.extract_strided_slice %[[A]]
func.func @int(%out: !tile.piece<512xi32>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<512xi32> -> !tile.tile<512xi32>
  %0 = tile.neg %x : !tile.tile<512xi32>
  %1 = tile.abs %0 : !tile.tile<512xi32>
  tile.store %1, %out : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}

// -----

// CHECK-LABEL: gpu.func @long
// CHECK: %[[X:.*]] = vector.insert_strided_slice {{.*}} into vector<2xi64>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<2xi64>
// CHECK-NEXT: %[[N:.*]] = arith.subi %[[Z]], %[[X]] : vector<2xi64>
// CHECK-NEXT: math.absi %[[N]] : vector<2xi64>
func.func @long(%out: !tile.piece<256xi64>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<256xi64> -> !tile.tile<256xi64>
  %0 = tile.neg %x : !tile.tile<256xi64>
  %1 = tile.abs %0 : !tile.tile<256xi64>
  tile.store %1, %out : !tile.tile<256xi64>, !tile.piece<256xi64>
  return
}
