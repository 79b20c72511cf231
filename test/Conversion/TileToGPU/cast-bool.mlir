// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// Casts to i1 compare with zero (floats unordered, so NaN is true); casts
// from i1 give 0 or 1 (uitofp, extui).

// CHECK-LABEL: gpu.func @f32_to_i1
// CHECK-SAME: %[[S:[^:]*]]: f32)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : f32 to vector<16xf32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK-NEXT: %[[Y:.*]] = arith.cmpf une, %[[X]], %[[Z]] : vector<16xf32>
// CHECK: vector.extract_strided_slice %[[Y]]
func.func @f32_to_i1(%out: !tile.piece<2048xi1>, %s: f32) attributes {tile.kernel} {
  %x = tile.splat %s : f32 -> !tile.tile<2048xf32>
  %y = tile.cast %x : !tile.tile<2048xf32> to !tile.tile<2048xi1>
  tile.store %y, %out : !tile.tile<2048xi1>, !tile.piece<2048xi1>
  return
}

// -----

// CHECK-LABEL: gpu.func @bf16_to_i1
// CHECK-SAME: %[[S:[^:]*]]: bf16)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : bf16 to vector<16xbf16>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<16xbf16>
// CHECK-NEXT: arith.cmpf une, %[[X]], %[[Z]] : vector<16xbf16>
func.func @bf16_to_i1(%out: !tile.piece<2048xi1>, %s: bf16) attributes {tile.kernel} {
  %x = tile.splat %s : bf16 -> !tile.tile<2048xbf16>
  %y = tile.cast %x : !tile.tile<2048xbf16> to !tile.tile<2048xi1>
  tile.store %y, %out : !tile.tile<2048xi1>, !tile.piece<2048xi1>
  return
}

// -----

// CHECK-LABEL: gpu.func @i32_to_i1
// CHECK-SAME: %[[S:[^:]*]]: i32)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : i32 to vector<16xi32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<16xi32>
// CHECK-NEXT: arith.cmpi ne, %[[X]], %[[Z]] : vector<16xi32>
func.func @i32_to_i1(%out: !tile.piece<2048xi1>, %s: i32) attributes {tile.kernel} {
  %x = tile.splat %s : i32 -> !tile.tile<2048xi32>
  %y = tile.cast %x : !tile.tile<2048xi32> to !tile.tile<2048xi1>
  tile.store %y, %out : !tile.tile<2048xi1>, !tile.piece<2048xi1>
  return
}

// -----

// CHECK-LABEL: gpu.func @i64_to_i1
// CHECK-SAME: %[[S:[^:]*]]: i64)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : i64 to vector<16xi64>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<16xi64>
// CHECK-NEXT: arith.cmpi ne, %[[X]], %[[Z]] : vector<16xi64>
func.func @i64_to_i1(%out: !tile.piece<2048xi1>, %s: i64) attributes {tile.kernel} {
  %x = tile.splat %s : i64 -> !tile.tile<2048xi64>
  %y = tile.cast %x : !tile.tile<2048xi64> to !tile.tile<2048xi1>
  tile.store %y, %out : !tile.tile<2048xi1>, !tile.piece<2048xi1>
  return
}

// -----

// CHECK-LABEL: gpu.func @i1_to_f32
// CHECK-SAME: %[[S:[^:]*]]: i1)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : i1 to vector<4xi1>
// CHECK-NEXT: arith.uitofp %[[X]] : vector<4xi1> to vector<4xf32>
func.func @i1_to_f32(%out: !tile.piece<512xf32>, %s: i1) attributes {tile.kernel} {
  %x = tile.splat %s : i1 -> !tile.tile<512xi1>
  %y = tile.cast %x : !tile.tile<512xi1> to !tile.tile<512xf32>
  tile.store %y, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// CHECK-LABEL: gpu.func @i1_to_f16
// CHECK-SAME: %[[S:[^:]*]]: i1)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : i1 to vector<8xi1>
// CHECK-NEXT: arith.uitofp %[[X]] : vector<8xi1> to vector<8xf16>
func.func @i1_to_f16(%out: !tile.piece<1024xf16>, %s: i1) attributes {tile.kernel} {
  %x = tile.splat %s : i1 -> !tile.tile<1024xi1>
  %y = tile.cast %x : !tile.tile<1024xi1> to !tile.tile<1024xf16>
  tile.store %y, %out : !tile.tile<1024xf16>, !tile.piece<1024xf16>
  return
}

// -----

// CHECK-LABEL: gpu.func @i1_to_i32
// CHECK-SAME: %[[S:[^:]*]]: i1)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : i1 to vector<4xi1>
// CHECK-NEXT: arith.extui %[[X]] : vector<4xi1> to vector<4xi32>
func.func @i1_to_i32(%out: !tile.piece<512xi32>, %s: i1) attributes {tile.kernel} {
  %x = tile.splat %s : i1 -> !tile.tile<512xi1>
  %y = tile.cast %x : !tile.tile<512xi1> to !tile.tile<512xi32>
  tile.store %y, %out : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}

// -----

// CHECK-LABEL: gpu.func @i1_to_i64
// CHECK-SAME: %[[S:[^:]*]]: i1)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : i1 to vector<2xi1>
// CHECK-NEXT: arith.extui %[[X]] : vector<2xi1> to vector<2xi64>
func.func @i1_to_i64(%out: !tile.piece<256xi64>, %s: i1) attributes {tile.kernel} {
  %x = tile.splat %s : i1 -> !tile.tile<256xi1>
  %y = tile.cast %x : !tile.tile<256xi1> to !tile.tile<256xi64>
  tile.store %y, %out : !tile.tile<256xi64>, !tile.piece<256xi64>
  return
}
