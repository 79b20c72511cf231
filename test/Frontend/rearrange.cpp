// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// Each call becomes its op; offsets and shifts of any integer type become
// i64, axes attributes.
// CHECK-LABEL: func.func @rearrange_16_32
// CHECK: tile.cat %{{.*}}, %{{.*}} {axis = 1 : i32} : <16x16xf32> to <16x32xf32>
// CHECK: tile.cat %{{.*}}, %{{.*}} {axis = 0 : i32} : <8x32xf32> to <16x32xf32>
// CHECK: %[[ROW:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: tile.slice %{{.*}}[%[[ROW]], %{{.*}}] : <16x32xf32> to <8x32xf32>
// CHECK: tile.pad %{{.*}}, %{{.*}} : <8x32xf32>, f32 to <16x32xf32>
// CHECK: %[[K:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: tile.shift %{{.*}}, %[[K]], %{{.*}} {axis = 1 : i32} : <16x32xf32>, f32
// CHECK: tile.roll %{{.*}}, %{{.*}} {axis = 0 : i32} : <16x32xf32>
// CHECK: tile.store
template <int M, int N>
TILE_KERNEL void rearrange(tile::Piece<float, M, N> out, tile::View<float, 2> x,
                           int row, int k, int64_t turns) {
  auto t = tile::load_like(x, out);
  auto halves = tile::cat<1>(tile::load<M, N / 2>(x, 0, 0),
                             tile::load<M, N / 2>(x, 0, 1));
  auto stacked = tile::cat<0>(tile::load<M / 2, N>(x, 0, 0),
                              tile::load<M / 2, N>(x, 1, 0));
  auto window = tile::slice<M / 2, N>(t, row, int64_t(0));
  auto padded = tile::pad<M, N>(window, -1.0f);
  auto moved = tile::shift<1>(t, k, 0.0f);
  auto rolled = tile::roll<0>(t, turns);
  out.store(halves + stacked + padded + moved + rolled);
}

template void rearrange<16, 32>(tile::Piece<float, 16, 32>,
                                tile::View<float, 2>, int, int, int64_t);
