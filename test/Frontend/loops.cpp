// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// A for loop is an scf.for over index; the tile accumulated across
// iterations is carried as an iter_arg and comes out as the loop's result.
// CHECK-LABEL: func.func @sum_slices_1024(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<1024xf32>, %[[X:[^:]*]]: !tile.view<?xf32>, %[[SLICES:[^:]*]]: i32)
// CHECK: %[[ZERO:.*]] = tile.constant dense<0.000000e+00> : !tile.tile<1024xf32>
// CHECK: %[[END:.*]] = arith.index_cast %[[SLICES]] : i32 to index
// CHECK: %[[SUM:.*]] = scf.for %[[IV:.*]] = %{{.*}} to %[[END]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (!tile.tile<1024xf32>)
// CHECK: %[[K:.*]] = arith.index_cast %[[IV]] : index to i32
// CHECK: %[[T:.*]] = tile.load %[[X]]
// CHECK: %[[NEXT:.*]] = tile.add %[[ACC]], %[[T]]
// CHECK: scf.yield %[[NEXT]] : !tile.tile<1024xf32>
// CHECK: tile.store %[[SUM]], %[[OUT]]
template <int N>
TILE_KERNEL void sum_slices(tile::Piece<float, N> out, tile::View<float> x,
                            int slices) {
  auto acc = tile::full<float, N>(0.0f);
  int blocks = tile::num_programs(0);
  for (int k = 0; k < slices; ++k)
    acc = acc + tile::load<N>(x, k * blocks + tile::program_id(0));
  out.store(acc);
}
template void sum_slices<1024>(tile::Piece<float, 1024>, tile::View<float>,
                               int);

// `<=` adds one to the bound; `i += 2` is the step; loops nest; a scalar
// and a tile are carried together.
// CHECK-LABEL: func.func @nested
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[OUTER:.*]]:2 = scf.for {{.*}} step %[[C2]] iter_args({{.*}}) -> (!tile.tile<128xi32>, i32)
// CHECK: arith.addi %{{.*}}, %{{.*}} : index
// CHECK: scf.for {{.*}} -> (!tile.tile<128xi32>)
// CHECK: tile.add %[[OUTER]]#0
TILE_KERNEL void nested(tile::Piece<int, 128> out, int n) {
  auto acc = tile::full<int, 128>(0);
  int count = 0;
  for (int i = 0; i < n; i += 2) {
    for (int j = 0; j <= i; j++)
      acc = acc + tile::full<int, 128>(j);
    count = count + 1;
  }
  out.store(acc + tile::full<int, 128>(count));
}
