// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// a is MxK, b is KxN, the accumulator and the result MxN; the accumulator
// may be wider than the operands.
// CHECK-LABEL: func.func @dot
// CHECK-SAME: (%[[A:[^:]*]]: !tile.tile<64x32xf16>, %[[B:[^:]*]]: !tile.tile<32x128xf16>, %[[C:[^:]*]]: !tile.tile<64x128xf32>
// CHECK-NEXT: tile.dot %[[A]], %[[B]], %[[C]] : <64x32xf16>, <32x128xf16> -> <64x128xf32>
// CHECK-NEXT: tile.dot %{{.*}}, %{{.*}}, %[[C]] : <64x16xbf16>, <16x128xbf16> -> <64x128xf32>
// CHECK-NEXT: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : <16x16xf32>, <16x16xf32> -> <16x16xf32>
// CHECK-NEXT: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : <8x4xi32>, <4x2xi32> -> <8x2xi64>
// 8-bit operands: integers into i32, floats into f32.
// CHECK-NEXT: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : <64x32xi8>, <32x64xi8> -> <64x64xi32>
// CHECK-NEXT: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : <64x32xf8E4M3FN>, <32x64xf8E4M3FN> -> <64x64xf32>
func.func @dot(%a: !tile.tile<64x32xf16>, %b: !tile.tile<32x128xf16>, %c: !tile.tile<64x128xf32>,
               %x: !tile.tile<64x16xbf16>, %y: !tile.tile<16x128xbf16>,
               %f: !tile.tile<16x16xf32>,
               %i: !tile.tile<8x4xi32>, %j: !tile.tile<4x2xi32>, %k: !tile.tile<8x2xi64>,
               %s: !tile.tile<64x32xi8>, %t: !tile.tile<32x64xi8>, %u: !tile.tile<64x64xi32>,
               %e: !tile.tile<64x32xf8E4M3FN>, %g: !tile.tile<32x64xf8E4M3FN>, %h: !tile.tile<64x64xf32>) {
  %0 = tile.dot %a, %b, %c : !tile.tile<64x32xf16>, !tile.tile<32x128xf16> -> !tile.tile<64x128xf32>
  %1 = tile.dot %x, %y, %c : !tile.tile<64x16xbf16>, !tile.tile<16x128xbf16> -> !tile.tile<64x128xf32>
  %2 = tile.dot %f, %f, %f : !tile.tile<16x16xf32>, !tile.tile<16x16xf32> -> !tile.tile<16x16xf32>
  %3 = tile.dot %i, %j, %k : !tile.tile<8x4xi32>, !tile.tile<4x2xi32> -> !tile.tile<8x2xi64>
  %4 = tile.dot %s, %t, %u : !tile.tile<64x32xi8>, !tile.tile<32x64xi8> -> !tile.tile<64x64xi32>
  %5 = tile.dot %e, %g, %h : !tile.tile<64x32xf8E4M3FN>, !tile.tile<32x64xf8E4M3FN> -> !tile.tile<64x64xf32>
  return
}
