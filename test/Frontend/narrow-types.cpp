// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// int8_t and int16_t are i8 and i16, as tiles and as scalars; the 8-bit
// floats are f8E4M3FN and f8E5M2, loaded, cast, bitcast and stored.
// CHECK-LABEL: func.func @narrow
// CHECK-SAME: (%[[OUT:.*]]: !tile.piece<64xf8E4M3FN>, %[[W:.*]]: !tile.view<?xf8E5M2>, %[[B:.*]]: !tile.view<?xi8>, %[[S:.*]]: i16)
// CHECK: %[[WT:.*]] = tile.load %[[W]]{{.*}} -> <64xf8E5M2>
// CHECK: %[[WF:.*]] = tile.cast %[[WT]] : <64xf8E5M2> to <64xf32>
// CHECK: %[[BT:.*]] = tile.load %[[B]]{{.*}} -> <64xi8>
// CHECK: %[[WIDE:.*]] = tile.cast %[[BT]] : <64xi8> to <64xi16>
// CHECK: tile.splat %[[S]] : i16 -> <64xi16>
// CHECK: tile.mul %[[WIDE]], %{{.*}} : <64xi16>
// CHECK: tile.cast %{{.*}} : <64xf32> to <64xf8E4M3FN>
// CHECK: tile.bitcast %{{.*}} : <64xf8E4M3FN> to <64xi8>
// CHECK: tile.bitcast %{{.*}} : <64xi8> to <64xf8E4M3FN>
// CHECK: tile.store %{{.*}}, %[[OUT]]
TILE_KERNEL void narrow(tile::Piece<tile::f8e4m3, 64> out,
                       tile::View<tile::f8e5m2> w, tile::View<int8_t> b,
                       int16_t s) {
  auto weights = tile::cast<float>(tile::load_like(w, out));
  auto scaled = tile::cast<int16_t>(tile::load_like(b, out)) * s;
  auto sum = weights + tile::cast<float>(scaled);
  auto bits = tile::bitcast<int8_t>(tile::cast<tile::f8e4m3>(sum));
  out.store(tile::bitcast<tile::f8e4m3>(bits & int8_t(0x7f)));
}
