// RUN: tile-opt %s | tile-opt | FileCheck %s

// CHECK-LABEL: func.func @constants
// CHECK-NEXT: tile.constant dense<2.500000e+00> : !tile.tile<4xf32>
// CHECK-NEXT: tile.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : !tile.tile<4xf32>
// CHECK-NEXT: tile.constant dense<-3> : !tile.tile<2x8xi32>
// CHECK-NEXT: tile.constant dense<[{{\[}}1, 2], [3, 4]]> : !tile.tile<2x2xi64>
// CHECK-NEXT: tile.constant dense<true> : !tile.tile<8xi1>
// CHECK-NEXT: tile.constant dense<1.000000e+00> : !tile.tile<8xf16>
// CHECK-NEXT: tile.constant dense<5.000000e-01> : !tile.tile<2x2x2xbf16>
func.func @constants() {
  %0 = tile.constant dense<2.5> : !tile.tile<4xf32>
  %1 = tile.constant dense<[1.0, 2.0, 3.0, 4.0]> : !tile.tile<4xf32>
  %2 = tile.constant dense<-3> : !tile.tile<2x8xi32>
  %3 = tile.constant dense<[[1, 2], [3, 4]]> : !tile.tile<2x2xi64>
  %4 = tile.constant dense<true> : !tile.tile<8xi1>
  %5 = tile.constant dense<1.0> : !tile.tile<8xf16>
  %6 = tile.constant dense<0.5> : !tile.tile<2x2x2xbf16>
  return
}

// CHECK-LABEL: func.func @splats
// CHECK-NEXT: tile.splat %{{.*}} : f32 -> <1024xf32>
// CHECK-NEXT: tile.splat %{{.*}} : f16 -> <8x8xf16>
// CHECK-NEXT: tile.splat %{{.*}} : bf16 -> <2x2x2xbf16>
// CHECK-NEXT: tile.splat %{{.*}} : i1 -> <8xi1>
// CHECK-NEXT: tile.splat %{{.*}} : i32 -> <8xi32>
// CHECK-NEXT: tile.splat %{{.*}} : i64 -> <8xi64>
func.func @splats(%f: f32, %h: f16, %b: bf16, %c: i1, %i: i32, %l: i64) {
  %0 = tile.splat %f : f32 -> !tile.tile<1024xf32>
  %1 = tile.splat %h : f16 -> !tile.tile<8x8xf16>
  %2 = tile.splat %b : bf16 -> !tile.tile<2x2x2xbf16>
  %3 = tile.splat %c : i1 -> !tile.tile<8xi1>
  %4 = tile.splat %i : i32 -> !tile.tile<8xi32>
  %5 = tile.splat %l : i64 -> !tile.tile<8xi64>
  return
}

// CHECK-LABEL: func.func @iotas
// CHECK-NEXT: tile.iota : <128xi32>
// CHECK-NEXT: tile.iota : <64xi64>
func.func @iotas() -> (!tile.tile<128xi32>, !tile.tile<64xi64>) {
  %0 = tile.iota : !tile.tile<128xi32>
  %1 = tile.iota : !tile.tile<64xi64>
  return %0, %1 : !tile.tile<128xi32>, !tile.tile<64xi64>
}
