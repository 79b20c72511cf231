// RUN: tile-opt %s --convert-tile-to-gpu | FileCheck %s

// f32 math maps directly; f16 is widened to f32 and rounded back.
// CHECK-LABEL: gpu.func @math
// CHECK: math.exp %{{.*}} : vector<8xf32>
// CHECK: math.exp2
// CHECK: math.log
// CHECK: math.sqrt
// CHECK: math.rsqrt
// CHECK: math.tanh
// CHECK: math.sin
// CHECK: math.cos
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : vector<8xf16> to vector<8xf32>
// CHECK-NEXT: %[[E:.*]] = math.exp %[[W]] : vector<8xf32>
// CHECK-NEXT: arith.truncf %[[E]] : vector<8xf32> to vector<8xf16>
func.func @math(%out: !tile.piece<1024xf16>, %x: !tile.view<?xf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %h = tile.load %x[%p] : !tile.view<?xf16> -> !tile.tile<1024xf16>
  %a = tile.cast %h : !tile.tile<1024xf16> to !tile.tile<1024xf32>
  %0 = tile.exp %a : !tile.tile<1024xf32>
  %1 = tile.exp2 %0 : !tile.tile<1024xf32>
  %2 = tile.log %1 : !tile.tile<1024xf32>
  %3 = tile.sqrt %2 : !tile.tile<1024xf32>
  %4 = tile.rsqrt %3 : !tile.tile<1024xf32>
  %5 = tile.tanh %4 : !tile.tile<1024xf32>
  %6 = tile.sin %5 : !tile.tile<1024xf32>
  %7 = tile.cos %6 : !tile.tile<1024xf32>
  %8 = tile.exp %h : !tile.tile<1024xf16>
  tile.store %8, %out : !tile.tile<1024xf16>, !tile.piece<1024xf16>
  return
}
