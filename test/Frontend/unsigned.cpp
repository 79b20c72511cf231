// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// uint8_t ... uint64_t: tiles, views and pieces carry the sign in their
// element type (ui8 ... ui64), so tile ops stay tile.div, tile.cmp, ...;
// scalars are signless, and the frontend picks unsigned arith ops from the
// C++ types: divui, cmpi ult, shrui, uitofp and extui (zero extension). A
// combiner's scalar code on unsigned elements is unsigned too, and a
// uint64_t prints unsigned. A uint32_t parameter is an i32 marked
// tile.unsigned, which the metadata names u32.
// CHECK-LABEL: func.func @unsigned_ops(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xui32>, %[[BYTES:[^:]*]]: !tile.view<?xui8>, %[[X:[^:]*]]: !tile.view<?xui32>, %[[D:[^:]*]]: i32 {tile.unsigned}, %[[H:[^:]*]]: i16 {tile.unsigned}, %[[N:[^:]*]]: i32)
// Scalars.
// CHECK: %[[Q:.*]] = arith.divui %[[D]], %{{.*}} : i32
// CHECK: %[[R:.*]] = arith.remui %[[D]], %{{.*}} : i32
// CHECK: %[[S:.*]] = arith.shrui %[[D]], %{{.*}} : i32
// CHECK: %[[SMALL:.*]] = arith.cmpi ult, %[[D]], %{{.*}} : i32
// CHECK: %[[F:.*]] = arith.uitofp %[[D]] : i32 to f32
// CHECK: %[[WIDE:.*]] = arith.extui %[[D]] : i32 to i64
// CHECK: %[[PROMOTED:.*]] = arith.extui %[[H]] : i16 to i32
// Tiles.
// CHECK: %[[T:.*]] = tile.load %[[X]]{{.*}} -> <64xui32>
// CHECK: %[[QS:.*]] = tile.splat %[[Q]] : i32 -> <64xui32>
// CHECK-NEXT: %[[DIV:.*]] = tile.div %[[T]], %[[QS]] : <64xui32>
// CHECK: %[[LT:.*]] = tile.cmp {{ *}}lt, %[[DIV]], %{{.*}} : <64xui32> -> <64xi1>
// CHECK: %[[SHR:.*]] = tile.shr %[[DIV]], %{{.*}} : <64xui32>
// CHECK: %[[TF:.*]] = tile.cast %[[SHR]] : <64xui32> to <64xf32>
// CHECK: %[[B:.*]] = tile.load %[[BYTES]]{{.*}} -> <64xui8>
// CHECK-NEXT: %[[BW:.*]] = tile.cast %[[B]] : <64xui8> to <64xui32>
// CHECK: tile.reduce {{ *}}max %{{.*}} {axis = 0 : i32} : <64xui32> to <1xui32>
// CHECK: tile.reduce_with %{{.*}} {axis = 0 : i32} : <64xui32> to <1xui32> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32, %[[C:.*]]: i32):
// CHECK-NEXT: %[[GT:.*]] = arith.cmpi ugt, %[[A]], %[[C]] : i32
// CHECK-NEXT: %[[M:.*]] = arith.select %[[GT]], %[[A]], %[[C]] : i32
// CHECK-NEXT: tile.yield %[[M]] : i32
// CHECK: tile.print "wide" %[[WIDE]] {is_unsigned} : i64
// CHECK: tile.print "d" %{{.*}} : i64
// CHECK: tile.store %{{.*}}, %[[OUT]]
TILE_KERNEL void unsigned_ops(tile::Piece<uint32_t, 64> out,
                              tile::View<uint8_t> bytes,
                              tile::View<uint32_t> x, uint32_t d, uint16_t h,
                              int32_t n) {
  uint32_t q = d / 3u;
  uint32_t r = d % 7u;
  uint32_t s = d >> 2;
  bool small = d < 100u;
  float f = float(d);
  uint64_t wide = d;
  int promoted = h;
  auto t = tile::load_like(x, out);
  auto quotient = t / q;
  auto below = quotient < r;
  auto shifted = quotient >> s;
  auto real = tile::cast<float>(shifted) * f;
  auto widened = tile::cast<uint32_t>(tile::load_like(bytes, out));
  auto largest = tile::reduce_max<0>(widened);
  auto combined = tile::reduce<0>(
      shifted, [](uint32_t a, uint32_t b) { return a > b ? a : b; });
  tile::print("wide", wide);
  tile::print("d", d);
  auto sum = tile::select(below, widened, shifted) + uint32_t(promoted) +
             uint32_t(small) + uint32_t(n) + tile::item(largest) +
             tile::item(combined);
  out.store(tile::select(real > 1.0f, sum, shifted));
}
