// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// Casts between float types: wider is extf, narrower truncf (round to
// nearest even); f16 and bf16 convert through f32, which holds both exactly.

// CHECK-LABEL: gpu.func @f32_to_bf16
// CHECK-SAME: %[[S:[^:]*]]: f32)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : f32 to vector<8xf32>
// CHECK-NEXT: %[[Y:.*]] = arith.truncf %[[X]] : vector<8xf32> to vector<8xbf16>
// CHECK: vector.extract_strided_slice %[[Y]]
func.func @f32_to_bf16(%out: !tile.piece<1024xbf16>, %s: f32) attributes {tile.kernel} {
  %x = tile.splat %s : f32 -> !tile.tile<1024xf32>
  %y = tile.cast %x : !tile.tile<1024xf32> to !tile.tile<1024xbf16>
  tile.store %y, %out : !tile.tile<1024xbf16>, !tile.piece<1024xbf16>
  return
}

// -----

// CHECK-LABEL: gpu.func @f32_to_f16
// CHECK-SAME: %[[S:[^:]*]]: f32)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : f32 to vector<8xf32>
// CHECK-NEXT: arith.truncf %[[X]] : vector<8xf32> to vector<8xf16>
func.func @f32_to_f16(%out: !tile.piece<1024xf16>, %s: f32) attributes {tile.kernel} {
  %x = tile.splat %s : f32 -> !tile.tile<1024xf32>
  %y = tile.cast %x : !tile.tile<1024xf32> to !tile.tile<1024xf16>
  tile.store %y, %out : !tile.tile<1024xf16>, !tile.piece<1024xf16>
  return
}

// -----

// CHECK-LABEL: gpu.func @f16_to_f32
// CHECK-SAME: %[[S:[^:]*]]: f16)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : f16 to vector<4xf16>
// CHECK-NEXT: arith.extf %[[X]] : vector<4xf16> to vector<4xf32>
func.func @f16_to_f32(%out: !tile.piece<512xf32>, %s: f16) attributes {tile.kernel} {
  %x = tile.splat %s : f16 -> !tile.tile<512xf16>
  %y = tile.cast %x : !tile.tile<512xf16> to !tile.tile<512xf32>
  tile.store %y, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// CHECK-LABEL: gpu.func @bf16_to_f32
// CHECK-SAME: %[[S:[^:]*]]: bf16)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : bf16 to vector<4xbf16>
// CHECK-NEXT: arith.extf %[[X]] : vector<4xbf16> to vector<4xf32>
func.func @bf16_to_f32(%out: !tile.piece<512xf32>, %s: bf16) attributes {tile.kernel} {
  %x = tile.splat %s : bf16 -> !tile.tile<512xbf16>
  %y = tile.cast %x : !tile.tile<512xbf16> to !tile.tile<512xf32>
  tile.store %y, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// CHECK-LABEL: gpu.func @f16_to_bf16
// CHECK-SAME: %[[S:[^:]*]]: f16)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : f16 to vector<8xf16>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT: %[[Y:.*]] = arith.truncf %[[W]] : vector<8xf32> to vector<8xbf16>
// CHECK: vector.extract_strided_slice %[[Y]]
func.func @f16_to_bf16(%out: !tile.piece<1024xbf16>, %s: f16) attributes {tile.kernel} {
  %x = tile.splat %s : f16 -> !tile.tile<1024xf16>
  %y = tile.cast %x : !tile.tile<1024xf16> to !tile.tile<1024xbf16>
  tile.store %y, %out : !tile.tile<1024xbf16>, !tile.piece<1024xbf16>
  return
}

// -----

// CHECK-LABEL: gpu.func @bf16_to_f16
// CHECK-SAME: %[[S:[^:]*]]: bf16)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : bf16 to vector<8xbf16>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT: arith.truncf %[[W]] : vector<8xf32> to vector<8xf16>
func.func @bf16_to_f16(%out: !tile.piece<1024xf16>, %s: bf16) attributes {tile.kernel} {
  %x = tile.splat %s : bf16 -> !tile.tile<1024xbf16>
  %y = tile.cast %x : !tile.tile<1024xbf16> to !tile.tile<1024xf16>
  tile.store %y, %out : !tile.tile<1024xf16>, !tile.piece<1024xf16>
  return
}

// -----

// A cast to the same type is no conversion at all.
// CHECK-LABEL: gpu.func @f32_to_f32
// CHECK-SAME: %[[S:[^:]*]]: f32)
// CHECK: %[[X:.*]] = vector.broadcast %[[S]] : f32 to vector<4xf32>
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
// CHECK: vector.extract_strided_slice %[[X]]
func.func @f32_to_f32(%out: !tile.piece<512xf32>, %s: f32) attributes {tile.kernel} {
  %x = tile.splat %s : f32 -> !tile.tile<512xf32>
  %y = tile.cast %x : !tile.tile<512xf32> to !tile.tile<512xf32>
  tile.store %y, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}
