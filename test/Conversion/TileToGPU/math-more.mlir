// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// The rounding and other transcendental functions map to the math dialect;
// trunc, which the NVVM lowering lacks, is ceil below zero and floor
// elsewhere.
// CHECK-LABEL: gpu.func @more_math_f32
// CHECK: %[[X:.*]] = vector.insert_strided_slice {{.*}} into vector<4xf32>
// CHECK-NEXT: %[[R0:.*]] = math.floor %[[X]] : vector<4xf32>
// CHECK-NEXT: %[[R1:.*]] = math.ceil %[[R0]] : vector<4xf32>
// CHECK-NEXT: %[[R2:.*]] = math.round %[[R1]] : vector<4xf32>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK-NEXT: %[[NEG:.*]] = arith.cmpf olt, %[[R2]], %[[ZERO]] : vector<4xf32>
// CHECK-NEXT: %[[UP:.*]] = math.ceil %[[R2]] : vector<4xf32>
// CHECK-NEXT: %[[DOWN:.*]] = math.floor %[[R2]] : vector<4xf32>
// CHECK-NEXT: %[[R3:.*]] = arith.select %[[NEG]], %[[UP]], %[[DOWN]] : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %[[R4:.*]] = math.log2 %[[R3]] : vector<4xf32>
// CHECK-NEXT: %[[R5:.*]] = math.tan %[[R4]] : vector<4xf32>
// CHECK-NEXT: %[[R6:.*]] = math.sinh %[[R5]] : vector<4xf32>
// CHECK-NEXT: %[[R7:.*]] = math.cosh %[[R6]] : vector<4xf32>
// CHECK-NEXT: %[[R8:.*]] = math.erf %[[R7]] : vector<4xf32>
// CHECK-NEXT: %[[R9:.*]] = math.powf %[[R8]], %[[X]] : vector<4xf32>
// CHECK-NEXT: %[[R10:.*]] = math.atan2 %[[X]], %[[R9]] : vector<4xf32>
// CHECK-NEXT: %[[R11:.*]] = arith.remf %[[R10]], %[[X]] : vector<4xf32>
func.func @more_math_f32(%out: !tile.piece<512xf32>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<512xf32> -> !tile.tile<512xf32>
  %0 = tile.floor %x : !tile.tile<512xf32>
  %1 = tile.ceil %0 : !tile.tile<512xf32>
  %2 = tile.round %1 : !tile.tile<512xf32>
  %3 = tile.trunc %2 : !tile.tile<512xf32>
  %4 = tile.log2 %3 : !tile.tile<512xf32>
  %5 = tile.tan %4 : !tile.tile<512xf32>
  %6 = tile.sinh %5 : !tile.tile<512xf32>
  %7 = tile.cosh %6 : !tile.tile<512xf32>
  %8 = tile.erf %7 : !tile.tile<512xf32>
  %9 = tile.pow %8, %x : !tile.tile<512xf32>
  %10 = tile.atan2 %x, %9 : !tile.tile<512xf32>
  %11 = tile.rem %10, %x : !tile.tile<512xf32>
  tile.store %11, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// bf16 pow is computed in f32 and rounded back.
// CHECK-LABEL: gpu.func @pow_bf16
// CHECK: %[[X:.*]] = vector.insert_strided_slice {{.*}} into vector<8xbf16>
// CHECK-NEXT: %[[WX:.*]] = arith.extf %[[X]] : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT: %[[WY:.*]] = arith.extf %[[X]] : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT: %[[P:.*]] = math.powf %[[WX]], %[[WY]] : vector<8xf32>
// CHECK-NEXT: arith.truncf %[[P]] : vector<8xf32> to vector<8xbf16>
func.func @pow_bf16(%out: !tile.piece<1024xbf16>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<1024xbf16> -> !tile.tile<1024xbf16>
  %0 = tile.pow %x, %x : !tile.tile<1024xbf16>
  tile.store %0, %out : !tile.tile<1024xbf16>, !tile.piece<1024xbf16>
  return
}
