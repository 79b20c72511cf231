// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// TILE_ASSERT becomes a tile.assert of its scalar condition, with the
// condition's text and the message; the store after it at the row it
// bounds needs no unsafe scope.
// CHECK-LABEL: func.func @route(
// CHECK: %[[ROW:.*]] = tile.load_scalar
// CHECK: %[[LOW:.*]] = arith.cmpi sge, %[[ROW]]
// CHECK: %[[HIGH:.*]] = arith.cmpi slt, %[[ROW]]
// CHECK: %[[BOTH:.*]] = arith.andi %[[LOW]], %[[HIGH]] : i1
// CHECK-NEXT: tile.assert %[[BOTH]], "row >= 0 && row < 16", "routes name one of the 16 rows"
// CHECK-NEXT: tile.load
// CHECK-NEXT: tile.store_at
TILE_KERNEL void route(tile::Piece<float, 16, 32> out, tile::View<float, 2> x,
                       tile::View<int32_t> rows) {
  int row = tile::load_scalar(rows, tile::program_id(0));
  TILE_ASSERT(row >= 0 && row < 16, "routes name one of the 16 rows");
  out.store_at(tile::load<1, 32>(x, row, 0), row, 0);
}

// An assertion inside a loop, of a reduction's value.
// CHECK-LABEL: func.func @finite_rows(
// CHECK: scf.for
// CHECK: tile.item
// CHECK: tile.assert %{{.*}}, "tile::item(tile::reduce_max<1>(t)) < 1e30f", "rows are finite"
TILE_KERNEL void finite_rows(tile::Piece<float, 8> out, tile::View<float, 2> x,
                             int rows) {
  for (int r = 0; r < rows; ++r) {
    auto t = tile::load<1, 8>(x, r, 0);
    TILE_ASSERT(tile::item(tile::reduce_max<1>(t)) < 1e30f, "rows are finite");
  }
  out.store(tile::full<float, 8>(1.0f));
}
