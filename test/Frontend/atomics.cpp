// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

#include <cstdint>

// An input piece (tile::Piece<const T, S...>) is this program's piece of a
// tensor it reads; an atomic output (tile::Atomic<T, R>) takes atomic
// updates at element indices, with an optional mask.
// CHECK-LABEL: func.func @histogram_1024(
// CHECK-SAME: %[[X:[^:]*]]: !tile.piece<1024xi32, input>, %[[H:[^:]*]]: !tile.atomic<?xi32>)
// CHECK: %[[ONES:.*]] = tile.constant dense<1> : !tile.tile<1024xi32>
// CHECK: %[[BINS:.*]] = tile.load_piece %[[X]] : <1024xi32, input> -> <1024xi32>
// CHECK: %[[N:.*]] = tile.size %[[X]], 0 : !tile.piece<1024xi32, input> -> i64
// CHECK: %[[VALID:.*]] = tile.cmp lt
// CHECK: tile.atomic_update add %[[H]][%[[BINS]]], %[[ONES]] if %[[VALID]] : <?xi32>[!tile.tile<1024xi32>], <1024xi32>, !tile.tile<1024xi1>
template <int B>
TILE_KERNEL void histogram(tile::Piece<const int32_t, B> x,
                           tile::Atomic<int32_t> hist) {
  auto bins = x.load();
  auto position = tile::iota<int64_t, B>() + int64_t(tile::program_id(0)) * B;
  hist.add(tile::full<int32_t, B>(1), bins, position < x.size(0));
}
template void histogram<1024>(tile::Piece<const int32_t, 1024>,
                              tile::Atomic<int32_t>);

// Every update kind, at rank 2 with int and int64_t indices; an atomic
// output's extent is a tensor size; a helper takes it by reference.
// CHECK-LABEL: func.func @kinds(
// CHECK: tile.size %{{.*}}, 1 : !tile.atomic<?x?xi64> -> i64
// CHECK: tile.atomic_update add %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : <?x?xi64>[!tile.tile<8xi32>, !tile.tile<8xi64>], <8xi64>
// CHECK: tile.atomic_update min
// CHECK: tile.atomic_update max
// CHECK: tile.atomic_update and
// CHECK: tile.atomic_update or
// CHECK: tile.atomic_update xor
// CHECK: tile.atomic_update max %{{.*}}[%{{.*}}], %{{.*}} : <?xf32>[!tile.tile<8xi32>], <8xf32>
void bump(tile::Atomic<float> &best, const tile::Tile<int32_t, 8> &at) {
  best.max(tile::full<float, 8>(1.0f), at);
}
TILE_KERNEL void kinds(tile::Piece<const int32_t, 8> rows,
                       tile::Atomic<int64_t, 2> acc,
                       tile::Atomic<float> best) {
  auto r = rows.load();
  auto c = tile::iota<int64_t, 8>() % acc.size(1);
  auto v = tile::cast<int64_t>(r);
  acc.add(v, r, c);
  acc.min(v, r, c);
  acc.max(v, r, c);
  acc.bit_and(v, r, c);
  acc.bit_or(v, r, c);
  acc.bit_xor(v, r, c);
  bump(best, r);
}
