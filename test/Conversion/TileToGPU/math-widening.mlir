// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// f32 math maps straight to the math dialect.
// CHECK-LABEL: gpu.func @math_f32
// CHECK: %[[X:.*]] = vector.insert_strided_slice {{.*}} into vector<4xf32>
// CHECK-NEXT: %[[R0:.*]] = math.exp %[[X]] : vector<4xf32>
// CHECK-NEXT: %[[R1:.*]] = math.exp2 %[[R0]] : vector<4xf32>
// CHECK-NEXT: %[[R2:.*]] = math.log %[[R1]] : vector<4xf32>
// CHECK-NEXT: %[[R3:.*]] = math.sqrt %[[R2]] : vector<4xf32>
// CHECK-NEXT: %[[R4:.*]] = math.rsqrt %[[R3]] : vector<4xf32>
// CHECK-NEXT: %[[R5:.*]] = math.tanh %[[R4]] : vector<4xf32>
// CHECK-NEXT: %[[R6:.*]] = math.sin %[[R5]] : vector<4xf32>
// CHECK-NEXT: %[[R7:.*]] = math.cos %[[R6]] : vector<4xf32>
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
func.func @math_f32(%out: !tile.piece<512xf32>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<512xf32> -> !tile.tile<512xf32>
  %0 = tile.exp %x : !tile.tile<512xf32>
  %1 = tile.exp2 %0 : !tile.tile<512xf32>
  %2 = tile.log %1 : !tile.tile<512xf32>
  %3 = tile.sqrt %2 : !tile.tile<512xf32>
  %4 = tile.rsqrt %3 : !tile.tile<512xf32>
  %5 = tile.tanh %4 : !tile.tile<512xf32>
  %6 = tile.sin %5 : !tile.tile<512xf32>
  %7 = tile.cos %6 : !tile.tile<512xf32>
  tile.store %7, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// f16 math is computed in f32 and rounded back after every function.
// CHECK-LABEL: gpu.func @math_f16
// CHECK: %[[X:.*]] = vector.insert_strided_slice {{.*}} into vector<8xf16>
// CHECK-NEXT: %[[W0:.*]] = arith.extf %[[X]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT: %[[M0:.*]] = math.exp %[[W0]] : vector<8xf32>
// CHECK-NEXT: %[[R0:.*]] = arith.truncf %[[M0]] : vector<8xf32> to vector<8xf16>
// CHECK-NEXT: %[[W1:.*]] = arith.extf %[[R0]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT: %[[M1:.*]] = math.exp2 %[[W1]] : vector<8xf32>
// CHECK-NEXT: %[[R1:.*]] = arith.truncf %[[M1]] : vector<8xf32> to vector<8xf16>
// CHECK-NEXT: %[[W2:.*]] = arith.extf %[[R1]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT: %[[M2:.*]] = math.log %[[W2]] : vector<8xf32>
// CHECK-NEXT: %[[R2:.*]] = arith.truncf %[[M2]] : vector<8xf32> to vector<8xf16>
// CHECK-NEXT: %[[W3:.*]] = arith.extf %[[R2]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT: %[[M3:.*]] = math.sqrt %[[W3]] : vector<8xf32>
// CHECK-NEXT: %[[R3:.*]] = arith.truncf %[[M3]] : vector<8xf32> to vector<8xf16>
// CHECK-NEXT: %[[W4:.*]] = arith.extf %[[R3]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT: %[[M4:.*]] = math.rsqrt %[[W4]] : vector<8xf32>
// CHECK-NEXT: %[[R4:.*]] = arith.truncf %[[M4]] : vector<8xf32> to vector<8xf16>
// CHECK-NEXT: %[[W5:.*]] = arith.extf %[[R4]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT: %[[M5:.*]] = math.tanh %[[W5]] : vector<8xf32>
// CHECK-NEXT: %[[R5:.*]] = arith.truncf %[[M5]] : vector<8xf32> to vector<8xf16>
// CHECK-NEXT: %[[W6:.*]] = arith.extf %[[R5]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT: %[[M6:.*]] = math.sin %[[W6]] : vector<8xf32>
// CHECK-NEXT: %[[R6:.*]] = arith.truncf %[[M6]] : vector<8xf32> to vector<8xf16>
// CHECK-NEXT: %[[W7:.*]] = arith.extf %[[R6]] : vector<8xf16> to vector<8xf32>
// CHECK-NEXT: %[[M7:.*]] = math.cos %[[W7]] : vector<8xf32>
// CHECK-NEXT: %[[R7:.*]] = arith.truncf %[[M7]] : vector<8xf32> to vector<8xf16>
// CHECK: vector.extract_strided_slice %[[R7]]
func.func @math_f16(%out: !tile.piece<1024xf16>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<1024xf16> -> !tile.tile<1024xf16>
  %0 = tile.exp %x : !tile.tile<1024xf16>
  %1 = tile.exp2 %0 : !tile.tile<1024xf16>
  %2 = tile.log %1 : !tile.tile<1024xf16>
  %3 = tile.sqrt %2 : !tile.tile<1024xf16>
  %4 = tile.rsqrt %3 : !tile.tile<1024xf16>
  %5 = tile.tanh %4 : !tile.tile<1024xf16>
  %6 = tile.sin %5 : !tile.tile<1024xf16>
  %7 = tile.cos %6 : !tile.tile<1024xf16>
  tile.store %7, %out : !tile.tile<1024xf16>, !tile.piece<1024xf16>
  return
}

// -----

// bf16 math is computed in f32 and rounded back after every function.
// CHECK-LABEL: gpu.func @math_bf16
// CHECK: %[[X:.*]] = vector.insert_strided_slice {{.*}} into vector<8xbf16>
// CHECK-NEXT: %[[W0:.*]] = arith.extf %[[X]] : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT: %[[M0:.*]] = math.exp %[[W0]] : vector<8xf32>
// CHECK-NEXT: %[[R0:.*]] = arith.truncf %[[M0]] : vector<8xf32> to vector<8xbf16>
// CHECK-NEXT: %[[W1:.*]] = arith.extf %[[R0]] : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT: %[[M1:.*]] = math.exp2 %[[W1]] : vector<8xf32>
// CHECK-NEXT: %[[R1:.*]] = arith.truncf %[[M1]] : vector<8xf32> to vector<8xbf16>
// CHECK-NEXT: %[[W2:.*]] = arith.extf %[[R1]] : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT: %[[M2:.*]] = math.log %[[W2]] : vector<8xf32>
// CHECK-NEXT: %[[R2:.*]] = arith.truncf %[[M2]] : vector<8xf32> to vector<8xbf16>
// CHECK-NEXT: %[[W3:.*]] = arith.extf %[[R2]] : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT: %[[M3:.*]] = math.sqrt %[[W3]] : vector<8xf32>
// CHECK-NEXT: %[[R3:.*]] = arith.truncf %[[M3]] : vector<8xf32> to vector<8xbf16>
// CHECK-NEXT: %[[W4:.*]] = arith.extf %[[R3]] : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT: %[[M4:.*]] = math.rsqrt %[[W4]] : vector<8xf32>
// CHECK-NEXT: %[[R4:.*]] = arith.truncf %[[M4]] : vector<8xf32> to vector<8xbf16>
// CHECK-NEXT: %[[W5:.*]] = arith.extf %[[R4]] : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT: %[[M5:.*]] = math.tanh %[[W5]] : vector<8xf32>
// CHECK-NEXT: %[[R5:.*]] = arith.truncf %[[M5]] : vector<8xf32> to vector<8xbf16>
// CHECK-NEXT: %[[W6:.*]] = arith.extf %[[R5]] : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT: %[[M6:.*]] = math.sin %[[W6]] : vector<8xf32>
// CHECK-NEXT: %[[R6:.*]] = arith.truncf %[[M6]] : vector<8xf32> to vector<8xbf16>
// CHECK-NEXT: %[[W7:.*]] = arith.extf %[[R6]] : vector<8xbf16> to vector<8xf32>
// CHECK-NEXT: %[[M7:.*]] = math.cos %[[W7]] : vector<8xf32>
// CHECK-NEXT: %[[R7:.*]] = arith.truncf %[[M7]] : vector<8xf32> to vector<8xbf16>
// CHECK: vector.extract_strided_slice %[[R7]]
func.func @math_bf16(%out: !tile.piece<1024xbf16>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<1024xbf16> -> !tile.tile<1024xbf16>
  %0 = tile.exp %x : !tile.tile<1024xbf16>
  %1 = tile.exp2 %0 : !tile.tile<1024xbf16>
  %2 = tile.log %1 : !tile.tile<1024xbf16>
  %3 = tile.sqrt %2 : !tile.tile<1024xbf16>
  %4 = tile.rsqrt %3 : !tile.tile<1024xbf16>
  %5 = tile.tanh %4 : !tile.tile<1024xbf16>
  %6 = tile.sin %5 : !tile.tile<1024xbf16>
  %7 = tile.cos %6 : !tile.tile<1024xbf16>
  tile.store %7, %out : !tile.tile<1024xbf16>, !tile.piece<1024xbf16>
  return
}
