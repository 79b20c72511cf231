// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

#include <cstdint>

// tile::load_at reads the tile that starts at any element of a view; its
// offsets, int or int64_t, become 64-bit element offsets.
// CHECK-LABEL: func.func @shifted_rows(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<4x64xf32>, %[[X:[^:]*]]: !tile.view<?x?xf32>, %[[SHIFT:[^:]*]]: i32)
// CHECK: %[[ROW:.*]] = tile.program_id 0 : i32
// CHECK: %[[R64:.*]] = arith.extsi %[[ROW]] : i32 to i64
// CHECK: %[[S64:.*]] = arith.extsi %[[SHIFT]] : i32 to i64
// CHECK: %[[T:.*]] = tile.load_at %[[X]][%[[R64]], %[[S64]]] : <?x?xf32> -> <4x64xf32>
// CHECK: %[[LEFT:.*]] = arith.subi %{{.*}}, %c1_i64 : i64
// CHECK: %[[U:.*]] = tile.load_at %[[X]][%{{.*}}, %[[LEFT]]] : <?x?xf32> -> <4x64xf32>
// CHECK: %[[SUM:.*]] = tile.add %[[T]], %[[U]] : <4x64xf32>
// CHECK: tile.store %[[SUM]], %[[OUT]]
TILE_KERNEL void shifted_rows(tile::Piece<float, 4, 64> out,
                              tile::View<float, 2> x, int shift) {
  int row = tile::program_id(0);
  auto shifted = tile::load_at<4, 64>(x, row, shift);
  int64_t left = int64_t(tile::program_id(1)) * 64 - 1;
  auto neighbours = tile::load_at<4, 64>(x, int64_t(row), left);
  out.store(shifted + neighbours);
}
