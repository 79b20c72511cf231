// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

#include <cstdint>

// A scatter takes the values, one index tile per dimension of the piece
// (int32_t or int64_t), then an optional mask; the values' shape need not
// be the piece's.
// CHECK-LABEL: func.func @compact_256(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<1x256xf32>
// CHECK: %[[ROW:.*]] = tile.load
// CHECK: %[[KEEP:.*]] = tile.cmp gt, %[[ROW]]
// CHECK: %[[SLOT:.*]] = tile.sub
// CHECK: tile.scatter %[[OUT]][%{{.*}}, %[[SLOT]]], %[[ROW]] if %[[KEEP]] : <1x256xf32>[!tile.tile<1x256xi32>, !tile.tile<1x256xi32>], <1x256xf32>, !tile.tile<1x256xi1>
template <int B>
TILE_KERNEL void compact(tile::Piece<float, 1, B> out, tile::View<float, 2> x) {
  auto row = tile::load_like(x, out);
  auto keep = row > 0.0f;
  auto slot = tile::cumsum<1>(tile::cast<int32_t>(keep)) - 1;
  out.scatter(row, tile::full<int32_t, 1, B>(0), slot, keep);
}
template void compact<256>(tile::Piece<float, 1, 256>, tile::View<float, 2>);

// int64_t indices, no mask, 64 values into a piece of 1024.
// CHECK-LABEL: func.func @reverse(
// CHECK: tile.scatter %{{.*}}[%{{.*}}], %{{.*}} : <1024xi16>[!tile.tile<64xi64>], <64xi16>
TILE_KERNEL void reverse(tile::Piece<int16_t, 1024> out,
                         tile::View<int16_t> x) {
  auto v = tile::load<64>(x, tile::program_id(0));
  out.scatter(v, int64_t(1023) - tile::iota<int64_t, 64>());
}
