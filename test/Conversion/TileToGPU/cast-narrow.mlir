// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// Casts of 8-bit elements. Casts from 8-bit floats convert pairs of bytes
// to pairs of f16 (exact), then follow the common rules from f16; casts to
// them go through f32 and convert pairs of f32, rounded to nearest even and
// saturated.

// CHECK-LABEL: gpu.func @e4m3_to_f32
// CHECK: %[[BYTES:.*]] = arith.bitcast %{{.*}} : vector<{{[0-9]+}}xf8E4M3FN> to vector<{{[0-9]+}}xi8>
// CHECK: vector.from_elements %{{.*}}, %{{.*}} : vector<2xi8>
// CHECK: vector.bitcast %{{.*}} : vector<2xi8> to vector<1xi16>
// CHECK: llvm.inline_asm "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h" %{{.*}} : (i16) -> i32
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
// CHECK: arith.extf %{{.*}} : vector<{{[0-9]+}}xf16> to vector<{{[0-9]+}}xf32>
func.func @e4m3_to_f32(%out: !tile.piece<2048xf32>, %x: !tile.view<?xf8E4M3FN>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf8E4M3FN> -> !tile.tile<2048xf8E4M3FN>
  %b = tile.cast %a : !tile.tile<2048xf8E4M3FN> to !tile.tile<2048xf32>
  tile.store %b, %out : !tile.tile<2048xf32>, !tile.piece<2048xf32>
  return
}

// -----

// The first operand of the pair conversion lands in the upper byte: the
// odd element goes first.
// CHECK-LABEL: gpu.func @bf16_to_e5m2
// CHECK: arith.extf %{{.*}} : vector<{{[0-9]+}}xbf16> to vector<{{[0-9]+}}xf32>
// CHECK: %[[LOW:.*]] = vector.extract %{{.*}}[0] : f32 from vector<{{[0-9]+}}xf32>
// CHECK-NEXT: %[[HIGH:.*]] = vector.extract %{{.*}}[1] : f32 from vector<{{[0-9]+}}xf32>
// CHECK-NEXT: llvm.inline_asm "cvt.rn.satfinite.e5m2x2.f32 $0, $2, $1;", "=h,f,f" %[[LOW]], %[[HIGH]] : (f32, f32) -> i16
// CHECK: arith.bitcast %{{.*}} : vector<{{[0-9]+}}xi8> to vector<{{[0-9]+}}xf8E5M2>
func.func @bf16_to_e5m2(%out: !tile.piece<2048xf8E5M2>, %x: !tile.view<?xbf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xbf16> -> !tile.tile<2048xbf16>
  %b = tile.cast %a : !tile.tile<2048xbf16> to !tile.tile<2048xf8E5M2>
  tile.store %b, %out : !tile.tile<2048xf8E5M2>, !tile.piece<2048xf8E5M2>
  return
}

// -----

// From an integer: to f32 first (sitofp), then the pair conversion; one
// element a thread pairs with a zero.
// CHECK-LABEL: gpu.func @i8_to_e4m3
// CHECK: arith.sitofp %{{.*}} : vector<1xi8> to vector<1xf32>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: llvm.inline_asm "cvt.rn.satfinite.e4m3x2.f32 $0, $2, $1;", "=h,f,f" %{{.*}}, %[[ZERO]] : (f32, f32) -> i16
func.func @i8_to_e4m3(%out: !tile.piece<1xf8E4M3FN>, %s: i8) attributes {tile.kernel} {
  %x = tile.splat %s : i8 -> !tile.tile<1xi8>
  %y = tile.cast %x : !tile.tile<1xi8> to !tile.tile<1xf8E4M3FN>
  tile.store %y, %out : !tile.tile<1xf8E4M3FN>, !tile.piece<1xf8E4M3FN>
  return
}

// -----

// int8 to f32 (dequantization) without a conversion instruction: the byte,
// its sign bit flipped, is the mantissa of 2^23 + b + 128, from which
// 2^23 + 128 is subtracted.
// CHECK-LABEL: gpu.func @i8_to_f32
// CHECK: %[[WORDS:.*]] = arith.extui %{{.*}} : vector<16xi8> to vector<16xi32>
// CHECK: %[[FLIP:.*]] = arith.xori %[[WORDS]], %{{.*}} : vector<16xi32>
// CHECK: %[[BITS:.*]] = arith.ori %[[FLIP]], %{{.*}} : vector<16xi32>
// CHECK: %[[SHIFTED:.*]] = arith.bitcast %[[BITS]] : vector<16xi32> to vector<16xf32>
// CHECK: arith.subf %[[SHIFTED]], %{{.*}} : vector<16xf32>
// CHECK-NOT: arith.sitofp
func.func @i8_to_f32(%out: !tile.piece<2048xf32>, %x: !tile.view<?xi8>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xi8> -> !tile.tile<2048xi8>
  %b = tile.cast %a : !tile.tile<2048xi8> to !tile.tile<2048xf32>
  tile.store %b, %out : !tile.tile<2048xf32>, !tile.piece<2048xf32>
  return
}
