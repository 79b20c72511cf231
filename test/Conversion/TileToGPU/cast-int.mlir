// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// Integer to float casts are signed (sitofp); float to integer casts
// truncate toward zero and saturate: the input is clamped below 2^(w-1)
// before fptosi, values from 2^(w-1) up become the largest integer, NaN
// becomes 0 (test/Pipeline/cast-float-to-int-saturates.mlir checks the
// PTX); between integer widths, sign extension or truncation.

// CHECK-LABEL: gpu.func @i32_to_f32
// CHECK-SAME: %[[S:[^:]*]]: i32)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : i32 to vector<4xi32>
// CHECK-NEXT: arith.sitofp %[[X]] : vector<4xi32> to vector<4xf32>
func.func @i32_to_f32(%out: !tile.piece<512xf32>, %s: i32) attributes {tile.kernel} {
  %x = tile.splat %s : i32 -> !tile.tile<512xi32>
  %y = tile.cast %x : !tile.tile<512xi32> to !tile.tile<512xf32>
  tile.store %y, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// CHECK-LABEL: gpu.func @i64_to_bf16
// CHECK-SAME: %[[S:[^:]*]]: i64)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : i64 to vector<8xi64>
// CHECK-NEXT: arith.sitofp %[[X]] : vector<8xi64> to vector<8xbf16>
func.func @i64_to_bf16(%out: !tile.piece<1024xbf16>, %s: i64) attributes {tile.kernel} {
  %x = tile.splat %s : i64 -> !tile.tile<1024xi64>
  %y = tile.cast %x : !tile.tile<1024xi64> to !tile.tile<1024xbf16>
  tile.store %y, %out : !tile.tile<1024xbf16>, !tile.piece<1024xbf16>
  return
}

// -----

// CHECK-LABEL: gpu.func @i32_to_i64
// CHECK-SAME: %[[S:[^:]*]]: i32)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : i32 to vector<2xi32>
// CHECK-NEXT: arith.extsi %[[X]] : vector<2xi32> to vector<2xi64>
func.func @i32_to_i64(%out: !tile.piece<256xi64>, %s: i32) attributes {tile.kernel} {
  %x = tile.splat %s : i32 -> !tile.tile<256xi32>
  %y = tile.cast %x : !tile.tile<256xi32> to !tile.tile<256xi64>
  tile.store %y, %out : !tile.tile<256xi64>, !tile.piece<256xi64>
  return
}

// -----

// CHECK-LABEL: gpu.func @i64_to_i32
// CHECK-SAME: %[[S:[^:]*]]: i64)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : i64 to vector<4xi64>
// CHECK-NEXT: arith.trunci %[[X]] : vector<4xi64> to vector<4xi32>
func.func @i64_to_i32(%out: !tile.piece<512xi32>, %s: i64) attributes {tile.kernel} {
  %x = tile.splat %s : i64 -> !tile.tile<512xi64>
  %y = tile.cast %x : !tile.tile<512xi64> to !tile.tile<512xi32>
  tile.store %y, %out : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}


// -----

// CHECK-LABEL: gpu.func @f32_to_i32
// CHECK-SAME: %[[S:[^:]*]]: f32)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : f32 to vector<4xf32>
// CHECK: %[[LO:.*]] = arith.maximumf %[[X]], %{{.*}} : vector<4xf32>
// CHECK: %[[IN:.*]] = arith.minimumf %[[LO]], %{{.*}} : vector<4xf32>
// CHECK: %[[T:.*]] = arith.fptosi %[[IN]] : vector<4xf32> to vector<4xi32>
// CHECK: %[[BIG:.*]] = arith.cmpf oge, %[[X]], %{{.*}} : vector<4xf32>
// CHECK: %[[SAT:.*]] = arith.select %[[BIG]], %{{.*}}, %[[T]] : vector<4xi1>, vector<4xi32>
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[X]], %[[X]] : vector<4xf32>
// CHECK: %[[Y:.*]] = arith.select %[[NAN]], %{{.*}}, %[[SAT]] : vector<4xi1>, vector<4xi32>
// CHECK: vector.extract_strided_slice %[[Y]]
func.func @f32_to_i32(%out: !tile.piece<512xi32>, %s: f32) attributes {tile.kernel} {
  %x = tile.splat %s : f32 -> !tile.tile<512xf32>
  %y = tile.cast %x : !tile.tile<512xf32> to !tile.tile<512xi32>
  tile.store %y, %out : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}

// -----

// CHECK-LABEL: gpu.func @f16_to_i64
// CHECK-SAME: %[[S:[^:]*]]: f16)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : f16 to vector<2xf16>
// CHECK: %[[W:.*]] = arith.extf %[[X]] : vector<2xf16> to vector<2xf32>
// CHECK: arith.fptosi %{{.*}} : vector<2xf32> to vector<2xi64>
func.func @f16_to_i64(%out: !tile.piece<256xi64>, %s: f16) attributes {tile.kernel} {
  %x = tile.splat %s : f16 -> !tile.tile<256xf16>
  %y = tile.cast %x : !tile.tile<256xf16> to !tile.tile<256xi64>
  tile.store %y, %out : !tile.tile<256xi64>, !tile.piece<256xi64>
  return
}
