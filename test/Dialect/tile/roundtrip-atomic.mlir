// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// A histogram: one count per bin, masked past the input's end.
// CHECK-LABEL: func.func @histogram
// CHECK-SAME: (%[[X:[^:]*]]: !tile.piece<1024xi32, input>, %[[H:[^:]*]]: !tile.atomic<?xi32>)
// CHECK: %[[B:.*]] = tile.load_piece %[[X]] : <1024xi32, input> -> <1024xi32>
// CHECK: tile.atomic_update add %[[H]][%[[B]]], %{{.*}} if %{{.*}} : <?xi32>[!tile.tile<1024xi32>], <1024xi32>, !tile.tile<1024xi1>
func.func @histogram(%x: !tile.piece<1024xi32, input>, %h: !tile.atomic<?xi32>) {
  %bins = tile.load_piece %x : !tile.piece<1024xi32, input> -> !tile.tile<1024xi32>
  %one = tile.constant dense<1> : !tile.tile<1024xi32>
  %zero = tile.constant dense<0> : !tile.tile<1024xi32>
  %valid = tile.cmp ge, %bins, %zero : !tile.tile<1024xi32> -> !tile.tile<1024xi1>
  tile.atomic_update add %h[%bins], %one if %valid
      : !tile.atomic<?xi32>[!tile.tile<1024xi32>], !tile.tile<1024xi32>, !tile.tile<1024xi1>
  return
}

// Every kind, without a mask, at rank 2 with i32 and i64 indices.
// CHECK-LABEL: func.func @kinds
// CHECK: tile.atomic_update add %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : <?x?xf32>[!tile.tile<4x8xi32>, !tile.tile<4x8xi64>], <4x8xf32>
// CHECK: tile.atomic_update min %{{.*}}[%{{.*}}], %{{.*}} : <?xi64>[!tile.tile<8xi64>], <8xi64>
// CHECK: tile.atomic_update max %{{.*}}[%{{.*}}], %{{.*}} : <?xbf16>[!tile.tile<8xi32>], <8xbf16>
// CHECK: tile.atomic_update and %{{.*}}[%{{.*}}], %{{.*}} : <?xi64>[!tile.tile<8xi64>], <8xi64>
// CHECK: tile.atomic_update or %{{.*}}[%{{.*}}], %{{.*}} : <?xi64>[!tile.tile<8xi64>], <8xi64>
// CHECK: tile.atomic_update xor %{{.*}}[%{{.*}}], %{{.*}} : <?xi64>[!tile.tile<8xi64>], <8xi64>
func.func @kinds(%a: !tile.atomic<?x?xf32>, %v: !tile.tile<4x8xf32>,
                 %r: !tile.tile<4x8xi32>, %c: !tile.tile<4x8xi64>,
                 %l: !tile.atomic<?xi64>, %lv: !tile.tile<8xi64>,
                 %h: !tile.atomic<?xbf16>, %hv: !tile.tile<8xbf16>,
                 %i: !tile.tile<8xi32>) {
  tile.atomic_update add %a[%r, %c], %v : !tile.atomic<?x?xf32>[!tile.tile<4x8xi32>, !tile.tile<4x8xi64>], !tile.tile<4x8xf32>
  tile.atomic_update min %l[%lv], %lv : !tile.atomic<?xi64>[!tile.tile<8xi64>], !tile.tile<8xi64>
  tile.atomic_update max %h[%i], %hv : !tile.atomic<?xbf16>[!tile.tile<8xi32>], !tile.tile<8xbf16>
  tile.atomic_update and %l[%lv], %lv : !tile.atomic<?xi64>[!tile.tile<8xi64>], !tile.tile<8xi64>
  tile.atomic_update or %l[%lv], %lv : !tile.atomic<?xi64>[!tile.tile<8xi64>], !tile.tile<8xi64>
  tile.atomic_update xor %l[%lv], %lv : !tile.atomic<?xi64>[!tile.tile<8xi64>], !tile.tile<8xi64>
  return
}

// The extent of an atomic output.
// CHECK-LABEL: func.func @size
// CHECK: tile.size %{{.*}}, 1 : !tile.atomic<?x?xf32> -> i64
func.func @size(%a: !tile.atomic<?x?xf32>) -> i64 {
  %n = tile.size %a, 1 : !tile.atomic<?x?xf32> -> i64
  return %n : i64
}
