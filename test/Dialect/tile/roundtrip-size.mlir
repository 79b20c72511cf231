// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Every dimension of a view, up to its rank.
// CHECK-LABEL: func.func @view_sizes
// CHECK-NEXT: %{{.*}} = tile.size %arg0, 0 : !tile.view<?x?x?xf32> -> i64
// CHECK-NEXT: %{{.*}} = tile.size %arg0, 1 : !tile.view<?x?x?xf32> -> i64
// CHECK-NEXT: %{{.*}} = tile.size %arg0, 2 : !tile.view<?x?x?xf32> -> i64
// GENERIC-LABEL: sym_name = "view_sizes"
// GENERIC: "tile.size"(%{{.*}}) <{dim = 0 : i32}> : (!tile.view<?x?x?xf32>) -> i64
// GENERIC: "tile.size"(%{{.*}}) <{dim = 2 : i32}> : (!tile.view<?x?x?xf32>) -> i64
func.func @view_sizes(%x: !tile.view<?x?x?xf32>) -> (i64, i64, i64) {
  %0 = tile.size %x, 0 : !tile.view<?x?x?xf32> -> i64
  %1 = tile.size %x, 1 : !tile.view<?x?x?xf32> -> i64
  %2 = tile.size %x, 2 : !tile.view<?x?x?xf32> -> i64
  return %0, %1, %2 : i64, i64, i64
}

// A piece gives the extents of its whole tensor.
// CHECK-LABEL: func.func @piece_size
// CHECK-NEXT: %{{.*}} = tile.size %arg0, 1 : !tile.piece<4x64xbf16> -> i64
func.func @piece_size(%out: !tile.piece<4x64xbf16>) -> i64 {
  %0 = tile.size %out, 1 : !tile.piece<4x64xbf16> -> i64
  return %0 : i64
}
