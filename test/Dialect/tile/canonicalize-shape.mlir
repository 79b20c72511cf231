// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// Shape ops that change nothing fold away.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<4x8xf32>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]]
func.func @identities(%x: !tile.tile<4x8xf32>) -> (!tile.tile<4x8xf32>, !tile.tile<4x8xf32>, !tile.tile<4x8xf32>) {
  %0 = tile.broadcast %x : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  %1 = tile.reshape %x : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  %2 = tile.permute %x [0, 1] : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  return %0, %1, %2 : !tile.tile<4x8xf32>, !tile.tile<4x8xf32>, !tile.tile<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @identities_3d
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<2x4x8xi64>)
// CHECK-NEXT: return %[[X]]
func.func @identities_3d(%x: !tile.tile<2x4x8xi64>) -> !tile.tile<2x4x8xi64> {
  %0 = tile.permute %x [0, 1, 2] : !tile.tile<2x4x8xi64> to !tile.tile<2x4x8xi64>
  %1 = tile.broadcast %0 : !tile.tile<2x4x8xi64> to !tile.tile<2x4x8xi64>
  %2 = tile.reshape %1 : !tile.tile<2x4x8xi64> to !tile.tile<2x4x8xi64>
  return %2 : !tile.tile<2x4x8xi64>
}

// -----

// Shape ops that change the shape stay.
// CHECK-LABEL: func.func @not_identities
// CHECK-NEXT: tile.broadcast %{{.*}} : <4x1xf32> to <4x8xf32>
// CHECK-NEXT: tile.reshape %{{.*}} : <4x8xf32> to <32xf32>
// CHECK-NEXT: tile.permute %{{.*}} [1, 0] : <4x8xf32> to <8x4xf32>
// A square permutation changes nothing about the type, but still moves data.
// CHECK-NEXT: tile.permute %{{.*}} [1, 0] : <8x8xf32> to <8x8xf32>
func.func @not_identities(%r: !tile.tile<4x1xf32>, %x: !tile.tile<4x8xf32>, %s: !tile.tile<8x8xf32>)
    -> (!tile.tile<4x8xf32>, !tile.tile<32xf32>, !tile.tile<8x4xf32>, !tile.tile<8x8xf32>) {
  %0 = tile.broadcast %r : !tile.tile<4x1xf32> to !tile.tile<4x8xf32>
  %1 = tile.reshape %x : !tile.tile<4x8xf32> to !tile.tile<32xf32>
  %2 = tile.permute %x [1, 0] : !tile.tile<4x8xf32> to !tile.tile<8x4xf32>
  %3 = tile.permute %s [1, 0] : !tile.tile<8x8xf32> to !tile.tile<8x8xf32>
  return %0, %1, %2, %3 : !tile.tile<4x8xf32>, !tile.tile<32xf32>, !tile.tile<8x4xf32>, !tile.tile<8x8xf32>
}

// -----

// A reshape of a reshape reshapes the original.
// CHECK-LABEL: func.func @reshape_reshape
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<4x8xf32>)
// CHECK-NEXT: %[[R:.*]] = tile.reshape %[[X]] : <4x8xf32> to <32xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_reshape(%x: !tile.tile<4x8xf32>) -> !tile.tile<32xf32> {
  %0 = tile.reshape %x : !tile.tile<4x8xf32> to !tile.tile<2x16xf32>
  %1 = tile.reshape %0 : !tile.tile<2x16xf32> to !tile.tile<32xf32>
  return %1 : !tile.tile<32xf32>
}

// -----

// A chain that comes back to the input's shape disappears.
// CHECK-LABEL: func.func @reshape_round_trip
// CHECK-SAME: (%[[X:[^:]*]]: !tile.tile<2x4x8xi32>)
// CHECK-NEXT: return %[[X]]
func.func @reshape_round_trip(%x: !tile.tile<2x4x8xi32>) -> !tile.tile<2x4x8xi32> {
  %0 = tile.reshape %x : !tile.tile<2x4x8xi32> to !tile.tile<64xi32>
  %1 = tile.reshape %0 : !tile.tile<64xi32> to !tile.tile<8x8xi32>
  %2 = tile.reshape %1 : !tile.tile<8x8xi32> to !tile.tile<2x4x8xi32>
  return %2 : !tile.tile<2x4x8xi32>
}

// -----

// Shape ops of splat constants are splat constants.
// CHECK-LABEL: func.func @splat_constants
// CHECK-DAG: %[[B:.*]] = tile.constant dense<1.000000e+00> : !tile.tile<4x8xf32>
// CHECK-DAG: %[[R:.*]] = tile.constant dense<7> : !tile.tile<2x8xi32>
// CHECK-DAG: %[[P:.*]] = tile.constant dense<true> : !tile.tile<8x4xi1>
// CHECK-NOT: tile.broadcast
// CHECK-NOT: tile.reshape
// CHECK-NOT: tile.permute
// CHECK: return %[[B]], %[[R]], %[[P]]
func.func @splat_constants() -> (!tile.tile<4x8xf32>, !tile.tile<2x8xi32>, !tile.tile<8x4xi1>) {
  %c = tile.constant dense<1.0> : !tile.tile<4x1xf32>
  %0 = tile.broadcast %c : !tile.tile<4x1xf32> to !tile.tile<4x8xf32>
  %i = tile.constant dense<7> : !tile.tile<16xi32>
  %1 = tile.reshape %i : !tile.tile<16xi32> to !tile.tile<2x8xi32>
  %t = tile.constant dense<true> : !tile.tile<4x8xi1>
  %2 = tile.permute %t [1, 0] : !tile.tile<4x8xi1> to !tile.tile<8x4xi1>
  return %0, %1, %2 : !tile.tile<4x8xf32>, !tile.tile<2x8xi32>, !tile.tile<8x4xi1>
}

// -----

// A non-splat constant is not reordered at compile time.
// CHECK-LABEL: func.func @non_splat_permute
// CHECK: tile.permute
func.func @non_splat_permute() -> !tile.tile<2x1xi32> {
  %c = tile.constant dense<[[1, 2]]> : !tile.tile<1x2xi32>
  %0 = tile.permute %c [1, 0] : !tile.tile<1x2xi32> to !tile.tile<2x1xi32>
  return %0 : !tile.tile<2x1xi32>
}
