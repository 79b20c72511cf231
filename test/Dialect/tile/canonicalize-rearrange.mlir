// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// Slices at the origin of the same shape, pads to the same shape, shifts by
// zero and rolls by whole turns change nothing.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<4x8xf32>
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]]
func.func @identities(%x: !tile.tile<4x8xf32>, %f: f32)
    -> (!tile.tile<4x8xf32>, !tile.tile<4x8xf32>, !tile.tile<4x8xf32>, !tile.tile<4x8xf32>, !tile.tile<4x8xf32>) {
  %zero = arith.constant 0 : i64
  %turn = arith.constant -8 : i64
  %0 = tile.slice %x[%zero, %zero] : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  %1 = tile.pad %x, %f : !tile.tile<4x8xf32>, f32 to !tile.tile<4x8xf32>
  %2 = tile.shift %x, %zero, %f {axis = 1 : i32} : !tile.tile<4x8xf32>, f32
  %3 = tile.roll %x, %turn {axis = 1 : i32} : !tile.tile<4x8xf32>
  %4 = tile.roll %x, %zero {axis = 0 : i32} : !tile.tile<4x8xf32>
  return %0, %1, %2, %3, %4 : !tile.tile<4x8xf32>, !tile.tile<4x8xf32>, !tile.tile<4x8xf32>, !tile.tile<4x8xf32>, !tile.tile<4x8xf32>
}

// -----

// A roll of a tile of one value is that tile.
// CHECK-LABEL: func.func @roll_splat
// CHECK-NEXT: %[[C:.*]] = tile.constant dense<2.500000e+00> : !tile.tile<8xf32>
// CHECK-NEXT: return %[[C]]
func.func @roll_splat(%k: i64) -> !tile.tile<8xf32> {
  %c = tile.constant dense<2.5> : !tile.tile<8xf32>
  %0 = tile.roll %c, %k {axis = 0 : i32} : !tile.tile<8xf32>
  return %0 : !tile.tile<8xf32>
}

// -----

// Everything else stays: offsets, shifts and rolls that move, pads that grow.
// CHECK-LABEL: func.func @not_identities
// CHECK: tile.slice
// CHECK-NEXT: tile.slice
// CHECK-NEXT: tile.pad
// CHECK-NEXT: tile.shift
// CHECK-NEXT: tile.roll
// CHECK-NEXT: tile.roll
func.func @not_identities(%x: !tile.tile<4x8xf32>, %f: f32, %k: i64)
    -> (!tile.tile<4x8xf32>, !tile.tile<2x8xf32>, !tile.tile<8x8xf32>, !tile.tile<4x8xf32>, !tile.tile<4x8xf32>, !tile.tile<4x8xf32>) {
  %zero = arith.constant 0 : i64
  %four = arith.constant 4 : i64
  %0 = tile.slice %x[%zero, %four] : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  %1 = tile.slice %x[%zero, %zero] : !tile.tile<4x8xf32> to !tile.tile<2x8xf32>
  %2 = tile.pad %x, %f : !tile.tile<4x8xf32>, f32 to !tile.tile<8x8xf32>
  %3 = tile.shift %x, %k, %f {axis = 1 : i32} : !tile.tile<4x8xf32>, f32
  %4 = tile.roll %x, %four {axis = 1 : i32} : !tile.tile<4x8xf32>
  %5 = tile.roll %x, %k {axis = 0 : i32} : !tile.tile<4x8xf32>
  return %0, %1, %2, %3, %4, %5 : !tile.tile<4x8xf32>, !tile.tile<2x8xf32>, !tile.tile<8x8xf32>, !tile.tile<4x8xf32>, !tile.tile<4x8xf32>, !tile.tile<4x8xf32>
}
