// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// A cast to the same type is the input.
// CHECK-LABEL: func.func @same_type
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<4x8xf32>, %[[B:[^:]*]]: !tile.tile<8xi1>)
// CHECK-NEXT: return %[[X]], %[[B]]
func.func @same_type(%x: !tile.tile<4x8xf32>, %b: !tile.tile<8xi1>) -> (!tile.tile<4x8xf32>, !tile.tile<8xi1>) {
  %0 = tile.cast %x : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  %1 = tile.cast %b : !tile.tile<8xi1> to !tile.tile<8xi1>
  return %0, %1 : !tile.tile<4x8xf32>, !tile.tile<8xi1>
}

// -----

// A round trip through a narrower type rounds, so it stays.
// CHECK-LABEL: func.func @round_trip
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<8xf32>)
// CHECK-NEXT: %[[H:.*]] = tile.cast %[[X]] : <8xf32> to <8xbf16>
// CHECK-NEXT: %[[W:.*]] = tile.cast %[[H]] : <8xbf16> to <8xf32>
// CHECK-NEXT: return %[[W]]
func.func @round_trip(%x: !tile.tile<8xf32>) -> !tile.tile<8xf32> {
  %0 = tile.cast %x : !tile.tile<8xf32> to !tile.tile<8xbf16>
  %1 = tile.cast %0 : !tile.tile<8xbf16> to !tile.tile<8xf32>
  return %1 : !tile.tile<8xf32>
}

// -----

// A bitcast there and back is the value it started from; one way, it stays.
// CHECK-LABEL: func.func @bitcast_round_trip
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<8xf32>)
// CHECK-NEXT: %[[B:.*]] = tile.bitcast %[[X]] : <8xf32> to <8xi32>
// CHECK-NEXT: return %[[X]], %[[B]]
func.func @bitcast_round_trip(%x: !tile.tile<8xf32>) -> (!tile.tile<8xf32>, !tile.tile<8xi32>) {
  %0 = tile.bitcast %x : !tile.tile<8xf32> to !tile.tile<8xi32>
  %1 = tile.bitcast %0 : !tile.tile<8xi32> to !tile.tile<8xf32>
  return %1, %0 : !tile.tile<8xf32>, !tile.tile<8xi32>
}
