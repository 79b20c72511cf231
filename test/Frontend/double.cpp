// RUN: tilecc %s --emit=tile | FileCheck %s
// double is an element type like float: scalars (kernel parameters too),
// literals in double contexts, float scalars widened implicitly, math,
// reductions, casts and atomic updates.
#include <tile/kernel.h>

// CHECK-LABEL: func.func @scaled
// CHECK-SAME: (%[[OUT:[^:]*]]: !tile.piece<256xf64>, %[[X:[^:]*]]: !tile.view<?xf32>, %[[TOTAL:[^:]*]]: !tile.atomic<?xf64>, %[[A:[^:]*]]: f64, %[[F:[^:]*]]: f32)
// CHECK: %[[HALF:.*]] = arith.constant 5.000000e-01 : f64
// CHECK: %[[WIDE:.*]] = arith.extf %[[F]] : f32 to f64
// CHECK: %[[SCALE:.*]] = arith.mulf %[[A]], %[[WIDE]] : f64
// CHECK: %[[B:.*]] = arith.addf %[[SCALE]], %[[HALF]] : f64
// CHECK: %[[T:.*]] = tile.load %[[X]][%{{.*}}] : <?xf32> -> <256xf32>
// CHECK: %[[TD:.*]] = tile.cast %[[T]] : <256xf32> to <256xf64>
// CHECK: %[[SPLAT:.*]] = tile.splat %[[B]] : f64 -> <256xf64>
// CHECK: %[[Y:.*]] = tile.mul %[[TD]], %[[SPLAT]] : <256xf64>
// CHECK: %[[E:.*]] = tile.exp %[[Y]] : <256xf64>
// CHECK: %[[S:.*]] = tile.reduce {{ *}}sum %[[E]] {axis = 0 : i32} : <256xf64> to <1xf64>
// CHECK: tile.atomic_update {{ *}}add %[[TOTAL]]
// CHECK: %[[I:.*]] = tile.cast %[[E]] : <256xf64> to <256xi64>
// CHECK: %[[ID:.*]] = tile.cast %[[I]] : <256xi64> to <256xf64>
// CHECK: tile.store %{{.*}}, %[[OUT]] : <256xf64>, <256xf64>
TILE_KERNEL void scaled(tile::Piece<double, 256> out, tile::View<float> x,
                        tile::Atomic<double> total, double a, float f) {
  double wide = f;
  double b = a * wide + 0.5;
  auto t = tile::cast<double>(tile::load_like(x, out));
  auto e = tile::exp(t * b);
  total.add(tile::reduce_sum<0>(e), tile::full<int32_t, 1>(0));
  auto whole = tile::cast<double>(tile::cast<int64_t>(e));
  out.store(tile::select(e > 1.0, whole, e));
}
