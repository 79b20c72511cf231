// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// What a lambda captures by copy keeps the value it had when the lambda was
// made; what it captures by reference is read and assigned in place.

// `s` is reassigned after the lambda is made: the lambda still scales by the
// old value, `a`.
// CHECK-LABEL: func.func @by_copy(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xf32>, %[[X:[^:]*]]: !tile.view<?xf32>, %[[A:[^:]*]]: f32)
// CHECK: %[[THREE:.*]] = arith.constant 3.000000e+00 : f32
// CHECK: %[[NEW:.*]] = arith.mulf %[[A]], %[[THREE]] : f32
// CHECK: %[[T:.*]] = tile.load %[[X]]
// CHECK: %[[OLD:.*]] = tile.splat %[[A]]
// CHECK: %[[SCALED:.*]] = tile.mul %[[T]], %[[OLD]]
// CHECK: %[[NOW:.*]] = tile.splat %[[NEW]]
// CHECK: %[[R:.*]] = tile.add %[[SCALED]], %[[NOW]]
// CHECK: tile.store %[[R]], %[[OUT]]
TILE_KERNEL void by_copy(tile::Piece<float, 64> out, tile::View<float> x,
                         float a) {
  float s = a;
  auto scale = [=](const tile::Tile<float, 64> &t) { return t * s; };
  s = a * 3.0f;
  out.store(scale(tile::load_like(x, out)) + s);
}

// The named by-copy capture behaves the same.
// CHECK-LABEL: func.func @by_copy_named(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xf32>, %[[A:[^:]*]]: f32)
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[NEXT:.*]] = arith.addf %[[A]], %[[ONE]] : f32
// CHECK: %[[SUM:.*]] = arith.addf %[[A]], %[[A]] : f32
// CHECK: %[[R:.*]] = arith.addf %[[SUM]], %[[NEXT]] : f32
// CHECK: tile.splat %[[R]]
TILE_KERNEL void by_copy_named(tile::Piece<float, 64> out, float a) {
  float s = a;
  auto doubled = [s] { return s + s; };
  s = s + 1.0f;
  out.store(tile::full<float, 64>(doubled() + s));
}

// A by-reference capture sees the current value and its assignments in the
// body update the variable.
// CHECK-LABEL: func.func @by_reference(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xf32>, %[[A:[^:]*]]: f32)
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[SCALED:.*]] = arith.mulf %[[A]], %[[TWO]] : f32
// CHECK: %[[PLUS:.*]] = arith.addf %[[SCALED]], %[[A]] : f32
// CHECK: %[[AGAIN:.*]] = arith.addf %[[PLUS]], %[[A]] : f32
// CHECK: tile.splat %[[AGAIN]]
TILE_KERNEL void by_reference(tile::Piece<float, 64> out, float a) {
  float acc = 0.0f;
  auto add = [&](float v) { acc = acc + v; };
  acc = a * 2.0f;
  add(a);
  add(a);
  out.store(tile::full<float, 64>(acc));
}

// An init-capture is evaluated once, when the lambda is made.
// CHECK-LABEL: func.func @init_capture(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<64xf32>, %[[X:[^:]*]]: !tile.view<?xf32>, %[[A:[^:]*]]: f32)
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: %[[S:.*]] = arith.mulf %[[A]], %[[TWO]] : f32
// CHECK-NOT: arith.mulf
// CHECK: %[[T:.*]] = tile.load %[[X]]
// CHECK: %[[SS:.*]] = tile.splat %[[S]]
// CHECK: %[[ONCE:.*]] = tile.mul %[[T]], %[[SS]]
// CHECK: %[[TWICE:.*]] = tile.mul %[[ONCE]], %[[SS]]
// CHECK: tile.store %[[TWICE]], %[[OUT]]
TILE_KERNEL void init_capture(tile::Piece<float, 64> out, tile::View<float> x,
                              float a) {
  auto scale = [s = a * 2.0f](const tile::Tile<float, 64> &t) { return t * s; };
  out.store(scale(scale(tile::load_like(x, out))));
}

// A lambda stores into a piece it takes by reference.
// CHECK-LABEL: func.func @piece_parameter(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<4x64xf32>, %[[A:[^:]*]]: f32)
// CHECK-DAG: %[[ROW:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[T:.*]] = tile.splat %[[A]]
// CHECK: tile.store_at %[[T]], %[[OUT]][%[[ROW]], %[[ZERO]]]
TILE_KERNEL void piece_parameter(tile::Piece<float, 4, 64> out, float a) {
  auto storeRow = [a](tile::Piece<float, 4, 64> &piece, int row) {
    piece.store_at(tile::full<float, 1, 64>(a), row, 0);
  };
  storeRow(out, 3);
}
