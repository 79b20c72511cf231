// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// Helper functions of the kernel's own source are inlined at every call:
// templates, plain functions, helpers taking the piece by reference.
template <int N> tile::Tile<float, N> silu(const tile::Tile<float, N> &x) {
  return x / (1.0f + tile::exp(-x));
}

static float twice(float a) { return a > 0.0f ? 2.0f * a : 0.0f; }

template <int N>
void storeScaled(tile::Piece<float, N> &out, const tile::Tile<float, N> &t,
                 float s) {
  out.store(t * s);
}

// CHECK-LABEL: func.func @gated_512(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<512xf32>, %[[X:[^:]*]]: !tile.view<?xf32>, %[[A:[^:]*]]: f32)
// CHECK-NOT: call
// CHECK: %[[T:.*]] = tile.load %[[X]]
// CHECK: tile.exp
// CHECK: %[[SILU:.*]] = tile.div %[[T]], %{{.*}}
// CHECK: %[[POS:.*]] = arith.cmpf ogt, %[[A]], %{{.*}} : f32
// CHECK: %[[DOUBLE:.*]] = arith.mulf %[[A]], %{{.*}} : f32
// CHECK: %[[S:.*]] = arith.select %[[POS]], %[[DOUBLE]], %{{.*}} : f32
// CHECK: %[[SS:.*]] = tile.splat %[[S]]
// CHECK: %[[R:.*]] = tile.mul %[[SILU]], %[[SS]]
// CHECK: tile.store %[[R]], %[[OUT]]
template <int N>
TILE_KERNEL void gated(tile::Piece<float, N> out, tile::View<float> x,
                       float a) {
  auto t = silu(tile::load_like(x, out));
  storeScaled(out, t, twice(a));
}
template void gated<512>(tile::Piece<float, 512>, tile::View<float>, float);

// A helper's default argument is evaluated at the call.
static float scaled(float v, float by = 0.25f) { return v * by; }

// CHECK-LABEL: func.func @quarter(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xf32>, %[[A:[^:]*]]: f32)
// CHECK: %[[QUARTER:.*]] = arith.constant 2.500000e-01 : f32
// CHECK: %[[S:.*]] = arith.mulf %[[A]], %[[QUARTER]] : f32
// CHECK: tile.splat %[[S]]
TILE_KERNEL void quarter(tile::Piece<float, 64> out, float a) {
  out.store(tile::full<float, 64>(scaled(a)));
}

// A tile or scalar passed by non-const reference is written through the
// parameter, in a loop as well (where it is carried). The count is in 64
// bits: a counter moved by a helper has no proven bound in 32.
template <int N>
void accumulate(tile::Tile<float, N> &sum, int64_t &count,
                const tile::Tile<float, N> &x) {
  sum = sum + x;
  count = count + 1;
}

// CHECK-LABEL: func.func @through_references_8(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<8xf32>, %[[X:[^:]*]]: !tile.view<?xf32>, %[[N:[^:]*]]: i32)
// CHECK: %[[ZERO:.*]] = tile.constant dense<0.000000e+00> : !tile.tile<8xf32>
// CHECK: %[[LOOP:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[SUM:.*]] = %[[ZERO]], %[[COUNT:.*]] = %{{.*}}) -> (!tile.tile<8xf32>, i64)
// CHECK: %[[T:.*]] = tile.load %[[X]]
// CHECK: %[[NEXT:.*]] = tile.add %[[SUM]], %[[T]]
// CHECK: %[[UP:.*]] = arith.addi %[[COUNT]], %{{.*}} : i64
// CHECK: scf.yield %[[NEXT]], %[[UP]]
// CHECK: %[[C:.*]] = arith.sitofp %[[LOOP]]#1 : i64 to f32
// CHECK: %[[S:.*]] = tile.splat %[[C]]
// CHECK: %[[MEAN:.*]] = tile.div %[[LOOP]]#0, %[[S]]
// CHECK: tile.store %[[MEAN]], %[[OUT]]
template <int N>
TILE_KERNEL void through_references(tile::Piece<float, N> out,
                                    tile::View<float> x, int32_t n) {
  auto sum = tile::full<float, N>(0.0f);
  int64_t count = 0;
  for (int32_t i = 0; i < n; ++i)
    accumulate<N>(sum, count, tile::load<N>(x, i));
  out.store(sum / float(count));
}
template void through_references<8>(tile::Piece<float, 8>, tile::View<float>,
                                    int32_t);
