// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// The sine and cosine of the same tile share one math.sincos per element
// (one range reduction for both): 512 f32 over 128 threads, 4 per thread.
// CHECK-LABEL: gpu.func @sin_and_cos
// CHECK: %[[X:.*]] = vector.insert_strided_slice {{.*}} into vector<4xf32>
// CHECK-NOT: math.sin
// CHECK-NOT: math.cos
// CHECK: %[[X0:.*]] = vector.extract %[[X]][0] : f32 from vector<4xf32>
// CHECK-NEXT: %[[S0:.*]], %[[C0:.*]] = math.sincos %[[X0]] : f32
// CHECK-NEXT: %[[SV0:.*]] = vector.insert %[[S0]], %{{.*}} [0] : f32 into vector<4xf32>
// CHECK-NEXT: %[[CV0:.*]] = vector.insert %[[C0]], %{{.*}} [0] : f32 into vector<4xf32>
// CHECK-COUNT-3: math.sincos %{{.*}} : f32
// CHECK-NOT: math.sin
// CHECK-NOT: math.cos
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<4xf32>
func.func @sin_and_cos(%out: !tile.piece<512xf32>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<512xf32> -> !tile.tile<512xf32>
  %c = tile.cos %x : !tile.tile<512xf32>
  %s = tile.sin %x : !tile.tile<512xf32>
  %sum = tile.add %s, %c : !tile.tile<512xf32>
  tile.store %sum, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// bf16 is widened to f32 for sincos, and both results are rounded back.
// CHECK-LABEL: gpu.func @sin_and_cos_bf16
// CHECK: %[[X:.*]] = vector.extract %{{.*}}[0] : bf16 from vector<8xbf16>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT: %[[S:.*]], %[[C:.*]] = math.sincos %[[W]] : f32
// CHECK-NEXT: arith.truncf %[[S]] : f32 to bf16
// CHECK-NEXT: arith.truncf %[[C]] : f32 to bf16
func.func @sin_and_cos_bf16(%out: !tile.piece<1024xbf16>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<1024xbf16> -> !tile.tile<1024xbf16>
  %s = tile.sin %x : !tile.tile<1024xbf16>
  %c = tile.cos %x : !tile.tile<1024xbf16>
  %sum = tile.add %s, %c : !tile.tile<1024xbf16>
  tile.store %sum, %out : !tile.tile<1024xbf16>, !tile.piece<1024xbf16>
  return
}

// -----

// The sine and cosine of different tiles stay apart.
// CHECK-LABEL: gpu.func @different_operands
// CHECK-NOT: math.sincos
// CHECK: math.sin %{{.*}} : vector<4xf32>
// CHECK: math.cos %{{.*}} : vector<4xf32>
// CHECK-NOT: math.sincos
func.func @different_operands(%out: !tile.piece<512xf32>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<512xf32> -> !tile.tile<512xf32>
  %y = tile.exp %x : !tile.tile<512xf32>
  %s = tile.sin %x : !tile.tile<512xf32>
  %c = tile.cos %y : !tile.tile<512xf32>
  %sum = tile.add %s, %c : !tile.tile<512xf32>
  tile.store %sum, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}
