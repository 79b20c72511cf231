// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// CHECK-LABEL: func.func @rows
// CHECK: %{{.*}}, %{{.*}} = tile.sort %{{.*}} {axis = 1 : i32} : <4x256xf32> -> <4x256xi32>
// CHECK: %{{.*}}, %{{.*}} = tile.sort %{{.*}} {axis = 0 : i32} : <64xbf16> -> <64xi32>
func.func @rows(%x: !tile.tile<4x256xf32>, %h: !tile.tile<64xbf16>) -> (!tile.tile<4x256xf32>, !tile.tile<4x256xi32>, !tile.tile<64xi32>) {
  %s, %i = tile.sort %x {axis = 1 : i32} : !tile.tile<4x256xf32> -> !tile.tile<4x256xi32>
  %hs, %hi = tile.sort %h {axis = 0 : i32} : !tile.tile<64xbf16> -> !tile.tile<64xi32>
  return %s, %i, %hi : !tile.tile<4x256xf32>, !tile.tile<4x256xi32>, !tile.tile<64xi32>
}
