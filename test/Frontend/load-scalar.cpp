// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// tile::load_scalar reads one element of a view as a scalar, which may then
// index a load (a gather) or scale a tile.
// CHECK-LABEL: func.func @gather_rows(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<1x64xf32>, %[[TABLE:[^:]*]]: !tile.view<?x?xf32>, %[[IDS:[^:]*]]: !tile.view<?x?xi32>, %[[SCALES:[^:]*]]: !tile.view<?xf32>)
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK: %[[T:.*]] = tile.program_id 0 : i32
// CHECK: %[[ID:.*]] = tile.load_scalar %[[IDS]][%[[T]], %[[C1]]] : <?x?xi32> -> i32
// CHECK: %[[ROW:.*]] = tile.load %[[TABLE]][%[[ID]], %{{.*}}] : <?x?xf32> -> <1x64xf32>
// CHECK: %[[S:.*]] = tile.load_scalar %[[SCALES]][%[[ID]]] : <?xf32> -> f32
// CHECK: %[[SPLAT:.*]] = tile.splat %[[S]] : f32 -> <1x64xf32>
// CHECK: %[[SCALED:.*]] = tile.mul %[[ROW]], %[[SPLAT]] : <1x64xf32>
// CHECK: tile.store %[[SCALED]], %[[OUT]]
TILE_KERNEL void gather_rows(tile::Piece<float, 1, 64> out,
                             tile::View<float, 2> table,
                             tile::View<int32_t, 2> ids,
                             tile::View<float> scales) {
  int32_t id = tile::load_scalar(ids, tile::program_id(0), 1);
  auto row = tile::load<1, 64>(table, id, tile::program_id(1));
  float scale = tile::load_scalar(scales, id);
  out.store(row * scale);
}
