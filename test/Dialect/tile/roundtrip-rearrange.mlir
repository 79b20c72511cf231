// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// CHECK-LABEL: func.func @cat
// CHECK-NEXT: tile.cat %{{.*}}, %{{.*}} {axis = 1 : i32} : <8x32xf32> to <8x64xf32>
// CHECK-NEXT: tile.cat %{{.*}}, %{{.*}} {axis = 0 : i32} : <2x4x8xi1> to <4x4x8xi1>
func.func @cat(%a: !tile.tile<8x32xf32>, %b: !tile.tile<8x32xf32>,
               %m: !tile.tile<2x4x8xi1>) {
  %0 = tile.cat %a, %b {axis = 1 : i32} : !tile.tile<8x32xf32> to !tile.tile<8x64xf32>
  %1 = tile.cat %m, %m {axis = 0 : i32} : !tile.tile<2x4x8xi1> to !tile.tile<4x4x8xi1>
  return
}

// CHECK-LABEL: func.func @slice
// CHECK-NEXT: tile.slice %{{.*}}[%{{.*}}, %{{.*}}] : <32x64xf32> to <8x16xf32>
// CHECK-NEXT: tile.slice %{{.*}}[%{{.*}}] : <8xi64> to <16xi64>
func.func @slice(%t: !tile.tile<32x64xf32>, %v: !tile.tile<8xi64>, %r: i64,
                 %c: i64) {
  %0 = tile.slice %t[%r, %c] : !tile.tile<32x64xf32> to !tile.tile<8x16xf32>
  %1 = tile.slice %v[%r] : !tile.tile<8xi64> to !tile.tile<16xi64>
  return
}

// CHECK-LABEL: func.func @pad
// CHECK-NEXT: tile.pad %{{.*}}, %{{.*}} : <8x32xf32>, f32 to <8x64xf32>
// CHECK-NEXT: tile.pad %{{.*}}, %{{.*}} : <4xbf16>, bf16 to <4xbf16>
func.func @pad(%t: !tile.tile<8x32xf32>, %f: f32, %h: !tile.tile<4xbf16>,
               %g: bf16) {
  %0 = tile.pad %t, %f : !tile.tile<8x32xf32>, f32 to !tile.tile<8x64xf32>
  %1 = tile.pad %h, %g : !tile.tile<4xbf16>, bf16 to !tile.tile<4xbf16>
  return
}

// CHECK-LABEL: func.func @shift_roll
// CHECK-NEXT: tile.shift %{{.*}}, %{{.*}}, %{{.*}} {axis = 1 : i32} : <8x64xf32>, f32
// CHECK-NEXT: tile.roll %{{.*}}, %{{.*}} {axis = 0 : i32} : <64xi32>
func.func @shift_roll(%t: !tile.tile<8x64xf32>, %v: !tile.tile<64xi32>,
                      %k: i64, %f: f32) {
  %0 = tile.shift %t, %k, %f {axis = 1 : i32} : !tile.tile<8x64xf32>, f32
  %1 = tile.roll %v, %k {axis = 0 : i32} : !tile.tile<64xi32>
  return
}
