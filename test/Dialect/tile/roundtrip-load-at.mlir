// RUN: tile-opt %s | tile-opt | FileCheck %s

// Element offsets are i64, one per view dimension.
// CHECK-LABEL: func.func @load_at_1d
// CHECK-SAME: (%[[V:[^:]*]]: !tile.view<?xf32>, %[[O:[^:]*]]: i64)
// CHECK-NEXT: %{{.*}} = tile.load_at %[[V]][%[[O]]] : <?xf32> -> <1024xf32>
func.func @load_at_1d(%v: !tile.view<?xf32>, %o: i64) -> !tile.tile<1024xf32> {
  %t = tile.load_at %v[%o] : !tile.view<?xf32> -> !tile.tile<1024xf32>
  return %t : !tile.tile<1024xf32>
}

// CHECK-LABEL: func.func @load_at_2d
// CHECK-SAME: (%[[V:[^:]*]]: !tile.view<?x?xbf16>, %[[R:[^:]*]]: i64, %[[C:[^:]*]]: i64)
// CHECK-NEXT: tile.load_at %[[V]][%[[R]], %[[C]]] : <?x?xbf16> -> <16x64xbf16>
func.func @load_at_2d(%v: !tile.view<?x?xbf16>, %r: i64, %c: i64) -> !tile.tile<16x64xbf16> {
  %t = tile.load_at %v[%r, %c] : !tile.view<?x?xbf16> -> !tile.tile<16x64xbf16>
  return %t : !tile.tile<16x64xbf16>
}

// CHECK-LABEL: func.func @load_at_3d
// CHECK-NEXT: tile.load_at %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : <?x?x?xi32> -> <2x4x8xi32>
func.func @load_at_3d(%v: !tile.view<?x?x?xi32>, %o: i64) -> !tile.tile<2x4x8xi32> {
  %t = tile.load_at %v[%o, %o, %o] : !tile.view<?x?x?xi32> -> !tile.tile<2x4x8xi32>
  return %t : !tile.tile<2x4x8xi32>
}
