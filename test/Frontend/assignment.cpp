// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// Variables are rebound on assignment: =, compound assignments, ++ and --.
// CHECK-LABEL: func.func @rebind(
// CHECK-SAME: %[[N:[^:]*]]: i64, %[[A:[^:]*]]: f32)
// CHECK: %[[ADD:.*]] = arith.addi %[[N]], %{{.*}} : i64
// CHECK: %[[MUL:.*]] = arith.muli %[[ADD]], %{{.*}} : i64
// CHECK: %[[DEC:.*]] = arith.subi %[[MUL]], %{{.*}} : i64
// CHECK: %[[F:.*]] = arith.sitofp %[[DEC]] : i64 to f32
// CHECK: %[[SUM:.*]] = arith.addf %[[A]], %[[F]] : f32
// CHECK: tile.splat %[[SUM]]
// (In 64 bits: 32-bit arithmetic on a parameter of unknown range is
// rejected, test/Safety/unknown-overflow.cpp.)
TILE_KERNEL void rebind(tile::Piece<float, 64> out, int64_t n, float a) {
  int64_t k = n;
  k += 3;
  k *= 2;
  --k;
  a += static_cast<float>(k);
  auto t = tile::full<float, 64>(0.0f);
  t = t + a;
  out.store(t);
}
