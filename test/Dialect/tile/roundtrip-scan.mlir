// RUN: tile-opt %s | tile-opt | FileCheck %s

// CHECK-LABEL: func.func @scans
// CHECK-NEXT: tile.scan sum %{{.*}} {axis = 1 : i32} : <4x1024xf32>
// CHECK-NEXT: tile.scan max %{{.*}} {axis = 0 : i32} : <4x1024xf32>
// CHECK-NEXT: tile.scan min %{{.*}} {axis = 1 : i32} : <4x1024xf32>
// CHECK-NEXT: tile.scan sum %{{.*}} {axis = 0 : i32, exclusive} : <64xi32>
func.func @scans(%x: !tile.tile<4x1024xf32>, %n: !tile.tile<64xi32>) {
  %0 = tile.scan sum %x {axis = 1 : i32} : !tile.tile<4x1024xf32>
  %1 = tile.scan max %x {axis = 0 : i32} : !tile.tile<4x1024xf32>
  %2 = tile.scan min %x {axis = 1 : i32} : !tile.tile<4x1024xf32>
  %3 = tile.scan sum %n {axis = 0 : i32, exclusive} : !tile.tile<64xi32>
  return
}
