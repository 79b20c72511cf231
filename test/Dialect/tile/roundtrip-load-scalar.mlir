// RUN: tile-opt %s | tile-opt | FileCheck %s

// CHECK-LABEL: func.func @load_scalar_1d
// CHECK-SAME: (%[[V:[^:]*]]: !tile.view<?xi32>, %[[I:[^:]*]]: i32)
// CHECK-NEXT: %{{.*}} = tile.load_scalar %[[V]][%[[I]]] : <?xi32> -> i32
func.func @load_scalar_1d(%v: !tile.view<?xi32>, %i: i32) -> i32 {
  %s = tile.load_scalar %v[%i] : !tile.view<?xi32> -> i32
  return %s : i32
}

// CHECK-LABEL: func.func @load_scalar_3d
// CHECK-NEXT: tile.load_scalar %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : <?x?x?xbf16> -> bf16
func.func @load_scalar_3d(%v: !tile.view<?x?x?xbf16>, %i: i32) -> bf16 {
  %s = tile.load_scalar %v[%i, %i, %i] : !tile.view<?x?x?xbf16> -> bf16
  return %s : bf16
}
