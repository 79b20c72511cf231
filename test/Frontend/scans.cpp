// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

#include <cstdint>

// The scans become tile.scan with their combiner and axis; the exclusive
// prefix sum carries the unit attribute.
// CHECK-LABEL: func.func @scans(
// CHECK: %[[X:.*]] = tile.load %{{.*}} -> <4x64xf32>
// CHECK: %[[SUM:.*]] = tile.scan  sum %[[X]] {axis = 1 : i32} : <4x64xf32>
// CHECK: %[[HIGH:.*]] = tile.scan  max %[[X]] {axis = 0 : i32} : <4x64xf32>
// CHECK: %[[LOW:.*]] = tile.scan  min %[[X]] {axis = 1 : i32} : <4x64xf32>
// CHECK: %[[N:.*]] = tile.load %{{.*}} -> <64xi32>
// CHECK: %[[STARTS:.*]] = tile.scan  sum %[[N]] {axis = 0 : i32, exclusive} : <64xi32>
// CHECK: %[[PRODUCTS:.*]] = tile.scan  prod %[[N]] {axis = 0 : i32} : <64xi32>
// CHECK: %[[PRODUCT:.*]] = tile.reduce  prod %[[N]] {axis = 0 : i32} : <64xi32> to <1xi32>
TILE_KERNEL void scans(tile::Piece<float, 4, 64> out, tile::Piece<int32_t, 64> at,
                       tile::View<float, 2> x, tile::View<int32_t> counts) {
  auto values = tile::load<4, 64>(x, tile::program_id(0), 0);
  auto sums = tile::cumsum<1>(values);
  auto highs = tile::cummax<0>(values);
  auto lows = tile::cummin<1>(values);
  out.store(sums + highs - lows);
  auto n = tile::load_like(counts, at);
  auto starts = tile::exclusive_cumsum<0>(n);
  auto products = tile::cumprod<0>(n);
  auto product = tile::broadcast<64>(tile::reduce_prod<0>(n));
  at.store(starts + products + product);
}
