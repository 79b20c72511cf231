// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// Variables are rebound on assignment: =, compound assignments, ++ and --.
// CHECK-LABEL: func.func @rebind(
// CHECK-SAME: %[[N:[^:]*]]: i32, %[[A:[^:]*]]: f32)
// CHECK: %[[ADD:.*]] = arith.addi %[[N]], %{{.*}} : i32
// CHECK: %[[MUL:.*]] = arith.muli %[[ADD]], %{{.*}} : i32
// CHECK: %[[DEC:.*]] = arith.subi %[[MUL]], %{{.*}} : i32
// CHECK: %[[F:.*]] = arith.sitofp %[[DEC]] : i32 to f32
// CHECK: %[[SUM:.*]] = arith.addf %[[A]], %[[F]] : f32
// CHECK: tile.splat %[[SUM]]
TILE_KERNEL void rebind(tile::Piece<float, 64> out, int n, float a) {
  int k = n;
  k += 3;
  k *= 2;
  --k;
  a += static_cast<float>(k);
  auto t = tile::full<float, 64>(0.0f);
  t = t + a;
  out.store(t);
}
