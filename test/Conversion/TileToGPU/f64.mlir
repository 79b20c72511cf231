// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// f64 math maps straight to the math dialect, in f64: no widening to or
// rounding through f32.
// CHECK-LABEL: gpu.func @math_f64
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
// CHECK: %[[R0:.*]] = math.exp %{{.*}} : vector<4xf64>
// CHECK-NEXT: %[[R1:.*]] = math.rsqrt %[[R0]] : vector<4xf64>
// CHECK-NEXT: %[[R2:.*]] = math.tanh %[[R1]] : vector<4xf64>
// CHECK-NEXT: %[[R3:.*]] = math.powf %[[R2]], %[[R2]] : vector<4xf64>
// CHECK-NEXT: %[[R4:.*]] = math.fma %[[R3]], %[[R3]], %[[R3]] : vector<4xf64>
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
// CHECK: gpu.return
func.func @math_f64(%out: !tile.piece<512xf64>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<512xf64> -> !tile.tile<512xf64>
  %0 = tile.exp %x : !tile.tile<512xf64>
  %1 = tile.rsqrt %0 : !tile.tile<512xf64>
  %2 = tile.tanh %1 : !tile.tile<512xf64>
  %3 = tile.pow %2, %2 : !tile.tile<512xf64>
  %4 = tile.fma %3, %3, %3 : !tile.tile<512xf64>
  tile.store %4, %out : !tile.tile<512xf64>, !tile.piece<512xf64>
  return
}

// -----

// sin and cos of one operand share one sincos, in f64.
// CHECK-LABEL: gpu.func @sincos_f64
// CHECK: %[[X:.*]] = vector.extract %{{.*}}[0] : f64 from vector<4xf64>
// CHECK-NEXT: %[[SIN:.*]], %[[COS:.*]] = math.sincos %[[X]] : f64
func.func @sincos_f64(%out: !tile.piece<512xf64>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<512xf64> -> !tile.tile<512xf64>
  %s = tile.sin %x : !tile.tile<512xf64>
  %c = tile.cos %x : !tile.tile<512xf64>
  %sum = tile.add %s, %c : !tile.tile<512xf64>
  tile.store %sum, %out : !tile.tile<512xf64>, !tile.piece<512xf64>
  return
}

// -----

// A sum of f64 folds in f64: the registers, then the lanes by shuffles of
// f64, then the warps through shared memory of 8-byte elements.
// CHECK-LABEL: gpu.func @sum_f64
// CHECK-NOT: arith.extf
// CHECK: arith.addf %{{.*}}, %{{.*}} : f64
// CHECK: gpu.shuffle xor %{{.*}}, %{{.*}}, %{{.*}} : f64
// CHECK: arith.addf %{{.*}}, %{{.*}} : f64
// CHECK-NOT: arith.truncf
// CHECK: gpu.return
func.func @sum_f64(%out: !tile.piece<1xf64>, %x: !tile.view<?xf64>) attributes {tile.kernel} {
  %pid = tile.program_id 0 : i32
  %t = tile.load %x[%pid] : !tile.view<?xf64> -> !tile.tile<1024xf64>
  %s = tile.reduce sum %t {axis = 0 : i32} : !tile.tile<1024xf64> to !tile.tile<1xf64>
  tile.store %s, %out : !tile.tile<1xf64>, !tile.piece<1xf64>
  return
}

// -----

// f64 to i32 truncates toward zero and saturates at bounds of f64, so that
// no value rounds on the way; f64 to f32 and to bf16 is one truncf each.
// CHECK-LABEL: gpu.func @casts_f64
// CHECK: arith.constant dense<0xC1E0000000000000> : vector<8xf64>
// CHECK-NEXT: arith.maximumf
// CHECK-NEXT: arith.constant dense<2147483647.9999998> : vector<8xf64>
// CHECK-NEXT: arith.minimumf
// CHECK-NEXT: arith.fptosi %{{.*}} : vector<8xf64> to vector<8xi32>
// CHECK-NEXT: arith.constant dense<0x41E0000000000000> : vector<8xf64>
// CHECK: arith.truncf %{{.*}} : vector<8xf64> to vector<8xf32>
// CHECK: arith.truncf %{{.*}} : vector<8xf64> to vector<8xbf16>
func.func @casts_f64(%i: !tile.piece<512xi32>, %f: !tile.piece<512xf32>, %h: !tile.piece<512xbf16>, %x: !tile.view<?xf64>) attributes {tile.kernel} {
  %pid = tile.program_id 0 : i32
  %t = tile.load %x[%pid] : !tile.view<?xf64> -> !tile.tile<512xf64>
  %a = tile.cast %t : !tile.tile<512xf64> to !tile.tile<512xi32>
  tile.store %a, %i : !tile.tile<512xi32>, !tile.piece<512xi32>
  %b = tile.cast %t : !tile.tile<512xf64> to !tile.tile<512xf32>
  tile.store %b, %f : !tile.tile<512xf32>, !tile.piece<512xf32>
  %c = tile.cast %t : !tile.tile<512xf64> to !tile.tile<512xbf16>
  tile.store %c, %h : !tile.tile<512xbf16>, !tile.piece<512xbf16>
  return
}

// -----

// A sort of f64 compares keys in f64.
// CHECK-LABEL: gpu.func @sort_f64
// CHECK-NOT: arith.truncf
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : f64
func.func @sort_f64(%out: !tile.piece<1x256xf64>, %x: !tile.view<?x?xf64>) attributes {tile.kernel} {
  %pid = tile.program_id 0 : i32
  %zero = arith.constant 0 : i32
  %t = tile.load %x[%pid, %zero] : !tile.view<?x?xf64> -> !tile.tile<1x256xf64>
  %s, %i = tile.sort %t {axis = 1 : i32} : !tile.tile<1x256xf64> -> !tile.tile<1x256xi32>
  tile.store %s, %out : !tile.tile<1x256xf64>, !tile.piece<1x256xf64>
  return
}

// -----

// print passes an f64 to printf as it is.
// CHECK-LABEL: gpu.func @print_f64
// CHECK-NOT: arith.extf
// CHECK: gpu.printf "largest %g (program %d, %d, %d)\0A", %{{.*}} : f64
func.func @print_f64(%out: !tile.piece<1xf64>, %s: f64) attributes {tile.kernel} {
  tile.print "largest" %s : f64
  return
}
