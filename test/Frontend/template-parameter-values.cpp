// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// A template parameter used as a value (not as a shape) is its argument's
// constant, here a chunk count computed from a run-time length.
// CHECK-LABEL: func.func @chunks_256(
// CHECK-SAME: %{{[^:]*}}: !tile.piece<64xi64>, %[[N:[^:]*]]: i64)
// CHECK-DAG: %[[B:.*]] = arith.constant 256 : i64
// CHECK-DAG: %[[BM1:.*]] = arith.constant 255 : i64
// CHECK: %[[SUM:.*]] = arith.addi %[[N]], %[[BM1]] : i64
// CHECK: arith.divsi %[[SUM]], %[[B]] : i64
template <int B>
TILE_KERNEL void chunks(tile::Piece<int64_t, 64> out, int64_t n) {
  int64_t count = (n + B - 1) / B;
  out.store(tile::full<int64_t, 64>(count));
}
template void chunks<256>(tile::Piece<int64_t, 64>, int64_t);
