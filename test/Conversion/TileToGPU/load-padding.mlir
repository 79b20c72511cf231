// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// The padding is the pass-through value of the masked load: lanes outside
// the tensor read it. Without padding they read zero.

// CHECK-LABEL: gpu.func @float_padding
// CHECK: %[[PAD:.*]] = arith.constant dense<0xFF800000> : vector<4xf32>
// CHECK: llvm.intr.masked.load %{{.*}}, %{{.*}}, %[[PAD]] {alignment = 4 : i32} : (!llvm.ptr<1>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
func.func @float_padding(%out: !tile.piece<512xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] padding 0xFF800000 : f32 : !tile.view<?xf32> -> !tile.tile<512xf32>
  tile.store %a, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// CHECK-LABEL: gpu.func @half_padding
// CHECK: %[[PAD:.*]] = arith.constant dense<1.000000e+00> : vector<8xf16>
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xf16>
// CHECK: llvm.intr.masked.load %{{.*}}, %{{.*}}, %[[PAD]] {alignment = 2 : i32} : (!llvm.ptr<1>, vector<8xi1>, vector<8xf16>) -> vector<8xf16>
func.func @half_padding(%out: !tile.piece<1024xf16>, %x: !tile.view<?xf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] padding 1.0 : f16 : !tile.view<?xf16> -> !tile.tile<1024xf16>
  tile.store %a, %out : !tile.tile<1024xf16>, !tile.piece<1024xf16>
  return
}

// -----

// CHECK-LABEL: gpu.func @int_padding
// CHECK: %[[PAD:.*]] = arith.constant dense<-1> : vector<2xi64>
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<2xi64>
// CHECK: llvm.intr.masked.load %{{.*}}, %{{.*}}, %[[PAD]] {alignment = 8 : i32} : (!llvm.ptr<1>, vector<2xi1>, vector<2xi64>) -> vector<2xi64>
func.func @int_padding(%out: !tile.piece<256xi64>, %x: !tile.view<?xi64>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] padding -1 : i64 : !tile.view<?xi64> -> !tile.tile<256xi64>
  tile.store %a, %out : !tile.tile<256xi64>, !tile.piece<256xi64>
  return
}

// -----

// CHECK-LABEL: gpu.func @int_default
// CHECK: %[[PAD:.*]] = arith.constant dense<0> : vector<4xi32>
// CHECK: llvm.intr.masked.load %{{.*}}, %{{.*}}, %[[PAD]] {alignment = 4 : i32}
func.func @int_default(%out: !tile.piece<512xi32>, %x: !tile.view<?xi32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xi32> -> !tile.tile<512xi32>
  tile.store %a, %out : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}

// -----

// Booleans are bytes in memory: a true padding reads as the byte 1.
// CHECK-LABEL: gpu.func @bool_padding
// CHECK: %[[PAD:.*]] = arith.constant dense<1> : vector<16xi8>
// CHECK: llvm.intr.masked.load %{{.*}}, %{{.*}}, %[[PAD]] {alignment = 1 : i32} : (!llvm.ptr<1>, vector<16xi1>, vector<16xi8>) -> vector<16xi8>
func.func @bool_padding(%out: !tile.piece<2048xi1>, %x: !tile.view<?xi1>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] padding true : !tile.view<?xi1> -> !tile.tile<2048xi1>
  tile.store %a, %out : !tile.tile<2048xi1>, !tile.piece<2048xi1>
  return
}
