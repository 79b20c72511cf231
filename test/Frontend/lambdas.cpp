// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// Lambdas are inlined at every call, like helpers: kept in a local `auto`
// variable, called where they are made, generic, or passed to a helper
// template that calls them.
template <class F, int N>
tile::Tile<float, N> applyTwice(F f, const tile::Tile<float, N> &t) {
  return f(f(t));
}

// Namespace-scope lambdas capture nothing.
constexpr auto negate = [](auto t) { return -t; };

// CHECK-LABEL: func.func @local_64(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xf32>, %[[X:[^:]*]]: !tile.view<?xf32>
// CHECK-NOT: call
// CHECK: %[[T:.*]] = tile.load %[[X]]
// CHECK: %[[TWICE:.*]] = tile.add %[[T]], %[[T]]
// CHECK: tile.store %[[TWICE]], %[[OUT]]
template <int N>
TILE_KERNEL void local(tile::Piece<float, N> out, tile::View<float> x) {
  auto twice = [](tile::Tile<float, N> t) { return t + t; };
  out.store(twice(tile::load_like(x, out)));
}
template void local<64>(tile::Piece<float, 64>, tile::View<float>);

// CHECK-LABEL: func.func @immediate(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xf32>, %[[A:[^:]*]]: f32)
// CHECK: %[[SQ:.*]] = arith.mulf %[[A]], %[[A]] : f32
// CHECK: %[[S:.*]] = tile.splat %[[SQ]]
// CHECK: tile.store %[[S]], %[[OUT]]
TILE_KERNEL void immediate(tile::Piece<float, 64> out, float a) {
  float square = [&] { return a * a; }();
  out.store(tile::full<float, 64>(square));
}

// The generic lambda is instantiated for f32 tiles and for i32 scalars.
// CHECK-LABEL: func.func @generic(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xf32>, %[[X:[^:]*]]: !tile.view<?xf32>, %[[N:[^:]*]]: i64)
// CHECK: %[[T:.*]] = tile.load %[[X]]
// CHECK: %[[T2:.*]] = tile.add %[[T]], %[[T]] : <64xf32>
// CHECK: %[[N2:.*]] = arith.addi %[[N]], %[[N]] : i64
// CHECK: %[[NF:.*]] = arith.sitofp %[[N2]] : i64 to f32
// CHECK: %[[NS:.*]] = tile.splat %[[NF]]
// CHECK: %[[R:.*]] = tile.add %[[T2]], %[[NS]]
// CHECK: tile.store %[[R]], %[[OUT]]
TILE_KERNEL void generic(tile::Piece<float, 64> out, tile::View<float> x,
                         int64_t n) {
  auto twice = [](auto v) { return v + v; };
  auto t = twice(tile::load_like(x, out));
  out.store(t + static_cast<float>(twice(n)));
}

// The helper template calls its closure parameter twice, and the
// namespace-scope lambda is called like a local one.
// CHECK-LABEL: func.func @passed(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xf32>, %[[X:[^:]*]]: !tile.view<?xf32>, %[[A:[^:]*]]: f32)
// CHECK: %[[T:.*]] = tile.load %[[X]]
// CHECK: %[[AS:.*]] = tile.splat %[[A]]
// CHECK: %[[ONCE:.*]] = tile.mul %[[T]], %[[AS]]
// CHECK: %[[TWICE:.*]] = tile.mul %[[ONCE]], %[[AS]]
// CHECK: %[[NEG:.*]] = tile.neg %[[TWICE]]
// CHECK: tile.store %[[NEG]], %[[OUT]]
TILE_KERNEL void passed(tile::Piece<float, 64> out, tile::View<float> x,
                        float a) {
  auto scale = [a](const tile::Tile<float, 64> &t) { return t * a; };
  out.store(negate(applyTwice(scale, tile::load_like(x, out))));
}

// A parameter's default argument is evaluated at the call.
// CHECK-LABEL: func.func @defaulted(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xf32>, %[[A:[^:]*]]: f32)
// CHECK: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: %[[P:.*]] = arith.mulf %[[A]], %[[HALF]] : f32
// CHECK: tile.splat %[[P]]
TILE_KERNEL void defaulted(tile::Piece<float, 64> out, float a) {
  auto scaled = [](float v, float by = 0.5f) { return v * by; };
  out.store(tile::full<float, 64>(scaled(a)));
}
