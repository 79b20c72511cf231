// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// The reduced axis is kept with size 1.
// CHECK-LABEL: func.func @reduce
// CHECK-SAME: (%[[M:[^:]*]]: !tile.tile<64x128xf32>
// CHECK-NEXT: tile.reduce sum %[[M]] {axis = 1 : i32} : <64x128xf32> to <64x1xf32>
// CHECK-NEXT: tile.reduce max %[[M]] {axis = 0 : i32} : <64x128xf32> to <1x128xf32>
// CHECK-NEXT: tile.reduce min %[[M]] {axis = 1 : i32} : <64x128xf32> to <64x1xf32>
// CHECK-NEXT: tile.reduce sum %{{.*}} {axis = 0 : i32} : <1024xi32> to <1xi32>
// CHECK-NEXT: tile.reduce max %{{.*}} {axis = 2 : i32} : <2x4x8xbf16> to <2x4x1xbf16>
// CHECK-NEXT: tile.reduce min %{{.*}} {axis = 0 : i32} : <1024xi64> to <1xi64>
// CHECK-NEXT: tile.reduce prod %[[M]] {axis = 1 : i32} : <64x128xf32> to <64x1xf32>
func.func @reduce(%m: !tile.tile<64x128xf32>, %v: !tile.tile<1024xi32>,
                  %t: !tile.tile<2x4x8xbf16>, %l: !tile.tile<1024xi64>) {
  %0 = tile.reduce sum %m {axis = 1 : i32} : !tile.tile<64x128xf32> to !tile.tile<64x1xf32>
  %1 = tile.reduce max %m {axis = 0 : i32} : !tile.tile<64x128xf32> to !tile.tile<1x128xf32>
  %2 = tile.reduce min %m {axis = 1 : i32} : !tile.tile<64x128xf32> to !tile.tile<64x1xf32>
  %3 = tile.reduce sum %v {axis = 0 : i32} : !tile.tile<1024xi32> to !tile.tile<1xi32>
  %4 = tile.reduce max %t {axis = 2 : i32} : !tile.tile<2x4x8xbf16> to !tile.tile<2x4x1xbf16>
  %5 = tile.reduce min %l {axis = 0 : i32} : !tile.tile<1024xi64> to !tile.tile<1xi64>
  %6 = tile.reduce prod %m {axis = 1 : i32} : !tile.tile<64x128xf32> to !tile.tile<64x1xf32>
  return
}

// The index tile may be i32 or i64, whatever the input's element type.
// CHECK-LABEL: func.func @argmax
// CHECK-NEXT: tile.argmax %{{.*}} {axis = 0 : i32} : <1024xf32> to <1xi32>
// CHECK-NEXT: tile.argmax %{{.*}} {axis = 1 : i32} : <64x128xf16> to <64x1xi64>
// CHECK-NEXT: tile.argmax %{{.*}} {axis = 0 : i32} : <8x4xi32> to <1x4xi32>
func.func @argmax(%v: !tile.tile<1024xf32>, %h: !tile.tile<64x128xf16>, %i: !tile.tile<8x4xi32>) {
  %0 = tile.argmax %v {axis = 0 : i32} : !tile.tile<1024xf32> to !tile.tile<1xi32>
  %1 = tile.argmax %h {axis = 1 : i32} : !tile.tile<64x128xf16> to !tile.tile<64x1xi64>
  %2 = tile.argmax %i {axis = 0 : i32} : !tile.tile<8x4xi32> to !tile.tile<1x4xi32>
  return
}

// CHECK-LABEL: func.func @argmin
// CHECK-NEXT: tile.argmin %{{.*}} {axis = 1 : i32} : <4x1024xf32> to <4x1xi32>
// CHECK-NEXT: tile.argmin %{{.*}} {axis = 0 : i32} : <8x4xi64> to <1x4xi32>
func.func @argmin(%v: !tile.tile<4x1024xf32>, %i: !tile.tile<8x4xi64>) {
  %0 = tile.argmin %v {axis = 1 : i32} : !tile.tile<4x1024xf32> to !tile.tile<4x1xi32>
  %1 = tile.argmin %i {axis = 0 : i32} : !tile.tile<8x4xi64> to !tile.tile<1x4xi32>
  return
}

// CHECK-LABEL: func.func @combiners
// CHECK: tile.reduce_with %{{.*}} {axis = 1 : i32} : <4x8xi32> to <4x1xi32> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
// CHECK-NEXT: %[[C:.*]] = arith.ori %[[A]], %[[B]] : i32
// CHECK-NEXT: tile.yield %[[C]] : i32
// CHECK: tile.scan_with %{{.*}} {axis = 0 : i32} : <16xf32> {
// CHECK: arith.maximumf
// CHECK: tile.yield
func.func @combiners(%a: !tile.tile<4x8xi32>, %b: !tile.tile<16xf32>) {
  %0 = tile.reduce_with %a {axis = 1 : i32} : !tile.tile<4x8xi32> to !tile.tile<4x1xi32> {
  ^bb0(%x: i32, %y: i32):
    %z = arith.ori %x, %y : i32
    tile.yield %z : i32
  }
  %1 = tile.scan_with %b {axis = 0 : i32} : !tile.tile<16xf32> {
  ^bb0(%x: f32, %y: f32):
    %z = arith.maximumf %x, %y : f32
    tile.yield %z : f32
  }
  return
}
