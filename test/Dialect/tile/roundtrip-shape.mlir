// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// CHECK-LABEL: func.func @broadcast
// CHECK-NEXT: tile.broadcast %{{.*}} : <64x1xf32> to <64x128xf32>
// CHECK-NEXT: tile.broadcast %{{.*}} : <1x1xi1> to <8x8xi1>
// CHECK-NEXT: tile.broadcast %{{.*}} : <1x4x1xbf16> to <2x4x8xbf16>
// CHECK-NEXT: tile.broadcast %{{.*}} : <1xi32> to <1xi32>
func.func @broadcast(%r: !tile.tile<64x1xf32>, %b: !tile.tile<1x1xi1>,
                     %h: !tile.tile<1x4x1xbf16>, %s: !tile.tile<1xi32>) {
  %0 = tile.broadcast %r : !tile.tile<64x1xf32> to !tile.tile<64x128xf32>
  %1 = tile.broadcast %b : !tile.tile<1x1xi1> to !tile.tile<8x8xi1>
  %2 = tile.broadcast %h : !tile.tile<1x4x1xbf16> to !tile.tile<2x4x8xbf16>
  %3 = tile.broadcast %s : !tile.tile<1xi32> to !tile.tile<1xi32>
  return
}

// CHECK-LABEL: func.func @reshape
// CHECK-NEXT: tile.reshape %{{.*}} : <64x2xf32> to <128xf32>
// CHECK-NEXT: tile.reshape %{{.*}} : <128xf32> to <2x4x16xf32>
// CHECK-NEXT: tile.reshape %{{.*}} : <2x4x16xf32> to <8x16xf32>
// CHECK-NEXT: tile.reshape %{{.*}} : <8xi1> to <2x4xi1>
func.func @reshape(%a: !tile.tile<64x2xf32>, %b: !tile.tile<8xi1>) {
  %0 = tile.reshape %a : !tile.tile<64x2xf32> to !tile.tile<128xf32>
  %1 = tile.reshape %0 : !tile.tile<128xf32> to !tile.tile<2x4x16xf32>
  %2 = tile.reshape %1 : !tile.tile<2x4x16xf32> to !tile.tile<8x16xf32>
  %3 = tile.reshape %b : !tile.tile<8xi1> to !tile.tile<2x4xi1>
  return
}

// CHECK-LABEL: func.func @permute
// CHECK-NEXT: tile.permute %{{.*}} [1, 0] : <64x128xf32> to <128x64xf32>
// CHECK-NEXT: tile.permute %{{.*}} [0, 1] : <64x128xf32> to <64x128xf32>
// CHECK-NEXT: tile.permute %{{.*}} [2, 0, 1] : <2x4x8xi64> to <8x2x4xi64>
// CHECK-NEXT: tile.permute %{{.*}} [0] : <8xf16> to <8xf16>
func.func @permute(%m: !tile.tile<64x128xf32>, %t: !tile.tile<2x4x8xi64>,
                   %v: !tile.tile<8xf16>) {
  %0 = tile.permute %m [1, 0] : !tile.tile<64x128xf32> to !tile.tile<128x64xf32>
  %1 = tile.permute %m [0, 1] : !tile.tile<64x128xf32> to !tile.tile<64x128xf32>
  %2 = tile.permute %t [2, 0, 1] : !tile.tile<2x4x8xi64> to !tile.tile<8x2x4xi64>
  %3 = tile.permute %v [0] : !tile.tile<8xf16> to !tile.tile<8xf16>
  return
}

// CHECK-LABEL: func.func @item
// CHECK-NEXT: tile.item %{{.*}} : <1x1xf32> -> f32
// CHECK-NEXT: tile.item %{{.*}} : <1xi64> -> i64
func.func @item(%a: !tile.tile<1x1xf32>, %b: !tile.tile<1xi64>) -> (f32, i64) {
  %0 = tile.item %a : !tile.tile<1x1xf32> -> f32
  %1 = tile.item %b : !tile.tile<1xi64> -> i64
  return %0, %1 : f32, i64
}
