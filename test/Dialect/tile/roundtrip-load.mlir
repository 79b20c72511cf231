// RUN: tile-opt %s | tile-opt | FileCheck %s

// CHECK-LABEL: func.func @load_1d
// CHECK-SAME: (%[[V:[^:]*]]: !tile.view<?xf32>, %[[I:[^:]*]]: i32)
// CHECK-NEXT: %{{.*}} = tile.load %[[V]][%[[I]]] : <?xf32> -> <1024xf32>
// CHECK-NOT: padding
func.func @load_1d(%v: !tile.view<?xf32>, %i: i32) -> !tile.tile<1024xf32> {
  %t = tile.load %v[%i] : !tile.view<?xf32> -> !tile.tile<1024xf32>
  return %t : !tile.tile<1024xf32>
}

// CHECK-LABEL: func.func @load_2d
// CHECK-SAME: (%[[V:[^:]*]]: !tile.view<?x?xbf16>, %[[I:[^:]*]]: i32, %[[J:[^:]*]]: i32)
// CHECK-NEXT: tile.load %[[V]][%[[I]], %[[J]]] : <?x?xbf16> -> <64x32xbf16>
func.func @load_2d(%v: !tile.view<?x?xbf16>, %i: i32, %j: i32) -> !tile.tile<64x32xbf16> {
  %t = tile.load %v[%i, %j] : !tile.view<?x?xbf16> -> !tile.tile<64x32xbf16>
  return %t : !tile.tile<64x32xbf16>
}

// CHECK-LABEL: func.func @load_3d
// CHECK-NEXT: tile.load %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : <?x?x?xi32> -> <2x4x8xi32>
func.func @load_3d(%v: !tile.view<?x?x?xi32>, %i: i32) -> !tile.tile<2x4x8xi32> {
  %t = tile.load %v[%i, %i, %i] : !tile.view<?x?x?xi32> -> !tile.tile<2x4x8xi32>
  return %t : !tile.tile<2x4x8xi32>
}

// The padding is a typed scalar of the view's element type.
// CHECK-LABEL: func.func @load_padding
// CHECK-NEXT: tile.load %{{.*}}[%{{.*}}] padding -1.000000e+00 : f32 : <?xf32> -> <128xf32>
// CHECK-NEXT: tile.load %{{.*}}[%{{.*}}] padding 0xFF800000 : f32 : <?xf32> -> <128xf32>
// CHECK-NEXT: tile.load %{{.*}}[%{{.*}}] padding 1.500000e+00 : f16 : <?xf16> -> <128xf16>
// CHECK-NEXT: tile.load %{{.*}}[%{{.*}}] padding -7 : i32 : <?xi32> -> <128xi32>
// CHECK-NEXT: tile.load %{{.*}}[%{{.*}}] padding 42 : i64 : <?xi64> -> <128xi64>
// CHECK-NEXT: tile.load %{{.*}}[%{{.*}}] padding true : <?xi1> -> <128xi1>
func.func @load_padding(%f: !tile.view<?xf32>, %h: !tile.view<?xf16>,
                        %n: !tile.view<?xi32>, %l: !tile.view<?xi64>,
                        %b: !tile.view<?xi1>, %i: i32) {
  %0 = tile.load %f[%i] padding -1.0 : f32 : !tile.view<?xf32> -> !tile.tile<128xf32>
  %1 = tile.load %f[%i] padding 0xFF800000 : f32 : !tile.view<?xf32> -> !tile.tile<128xf32>
  %2 = tile.load %h[%i] padding 1.5 : f16 : !tile.view<?xf16> -> !tile.tile<128xf16>
  %3 = tile.load %n[%i] padding -7 : i32 : !tile.view<?xi32> -> !tile.tile<128xi32>
  %4 = tile.load %l[%i] padding 42 : i64 : !tile.view<?xi64> -> !tile.tile<128xi64>
  %5 = tile.load %b[%i] padding true : !tile.view<?xi1> -> !tile.tile<128xi1>
  return
}
