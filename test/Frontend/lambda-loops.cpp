// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// Lambdas called in a loop body: the tiles they assign through by-reference
// captures are carried by the loop, even when the call happens inside a
// helper the lambda was passed to.
template <class F> void repeat(F step, int times) {
  for (int k = 0; k < times; ++k)
    step(k);
}

// CHECK-LABEL: func.func @sum_rows(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xf32>, %[[X:[^:]*]]: !tile.view<?x?xf32>, %[[ROWS:[^:]*]]: i32)
// CHECK: %[[ZERO:.*]] = tile.constant dense<0.000000e+00> : !tile.tile<64xf32>
// CHECK: %[[SUM:.*]] = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (!tile.tile<64xf32>)
// CHECK: %[[ROW:.*]] = tile.load %[[X]]
// CHECK: %[[NEXT:.*]] = tile.add %[[ACC]], %{{.*}} : <64xf32>
// CHECK: scf.yield %[[NEXT]] : !tile.tile<64xf32>
// CHECK: tile.store %[[SUM]], %[[OUT]]
TILE_KERNEL void sum_rows(tile::Piece<float, 64> out, tile::View<float, 2> x,
                          int rows) {
  auto acc = tile::full<float, 64>(0.0f);
  auto addRow = [&](int r) {
    acc = acc + tile::reshape<64>(tile::load<1, 64>(x, r, 0));
  };
  for (int r = 0; r < rows; ++r)
    addRow(r);
  out.store(acc);
}

// The lambda assigns `acc` and `count` from inside `repeat`'s loop.
// CHECK-LABEL: func.func @through_helper(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xf32>, %[[X:[^:]*]]: !tile.view<?xf32>, %[[N:[^:]*]]: i32)
// CHECK: %[[T:.*]] = tile.load %[[X]]
// CHECK: %[[LOOP:.*]]:2 = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[COUNT:.*]] = %{{.*}}) -> (!tile.tile<64xf32>, f32)
// CHECK: %[[PROD:.*]] = tile.mul %[[ACC]], %[[T]] : <64xf32>
// CHECK: %[[MORE:.*]] = arith.addf %[[COUNT]], %{{.*}} : f32
// CHECK: scf.yield %[[PROD]], %[[MORE]] : !tile.tile<64xf32>, f32
// CHECK: %[[C:.*]] = tile.splat %[[LOOP]]#1
// CHECK: %[[R:.*]] = tile.add %[[LOOP]]#0, %[[C]]
// CHECK: tile.store %[[R]], %[[OUT]]
TILE_KERNEL void through_helper(tile::Piece<float, 64> out,
                                tile::View<float> x, int n) {
  auto t = tile::load_like(x, out);
  auto acc = tile::full<float, 64>(1.0f);
  float count = 0.0f;
  repeat(
      [&](int) {
        acc = acc * t;
        count = count + 1.0f;
      },
      n);
  out.store(acc + count);
}

// A lambda made in the loop body captures the loop variable by copy and the
// carried tile by reference.
// CHECK-LABEL: func.func @made_in_loop(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xi32>, %[[N:[^:]*]]: i32)
// CHECK: %[[RESULT:.*]] = scf.for %[[IV:.*]] = %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (!tile.tile<64xi32>)
// CHECK: %[[I:.*]] = arith.index_cast %[[IV]] : index to i32
// CHECK: %[[IS:.*]] = tile.splat %[[I]]
// CHECK: %[[NEXT:.*]] = tile.add %[[ACC]], %[[IS]] : <64xi32>
// CHECK: scf.yield %[[NEXT]] : !tile.tile<64xi32>
// CHECK: tile.store %[[RESULT]], %[[OUT]]
TILE_KERNEL void made_in_loop(tile::Piece<int, 64> out, int n) {
  auto acc = tile::full<int, 64>(0);
  for (int i = 0; i < n; ++i) {
    auto addIndex = [i, &acc] { acc = acc + i; };
    addIndex();
  }
  out.store(acc);
}
