// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// A `for` that a `break` may end is an scf.while that counts in index and
// stops at the bound or at the break's flag; the assignment before the
// break and the flag leave the `if` as its results.
// CHECK-LABEL: func.func @first_positive(
// CHECK: %[[W:.*]]:3 = scf.while (%[[I:.*]] = %{{.*}}, %[[FOUND:.*]] = %{{.*}}, %[[BROKE:.*]] = %false) : (index, i32, i1) -> (index, i32, i1)
// CHECK: %[[IN:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : index
// CHECK: %[[GOES:.*]] = arith.xori %[[BROKE]], %true : i1
// CHECK: %[[BOTH:.*]] = arith.andi %[[IN]], %[[GOES]] : i1
// CHECK: scf.condition(%[[BOTH]]) %[[I]], %[[FOUND]], %[[BROKE]]
// CHECK: } do {
// CHECK: tile.load_scalar
// CHECK: arith.select %{{.*}}, %true, %{{.*}} : i1
// CHECK: arith.addi %{{.*}}, %c1 : index
// CHECK: tile.splat %[[W]]#1
TILE_KERNEL void first_positive(tile::Piece<int, 8> out, tile::View<float> x,
                                int n) {
  int found = -1;
  for (int i = 0; i < n; ++i) {
    if (tile::load_scalar(x, i) > 0.0f) {
      found = i;
      break;
    }
  }
  out.store(tile::full<int, 8>(found));
}

// `continue` guards the rest of the body with an scf.if on its flag, which
// the loop does not carry (each iteration starts without it); folded, the
// rest is the else side of the `if`. A loop without `break` stays an
// scf.for.
// CHECK-LABEL: func.func @skip_negative(
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (!tile.tile<8xf32>)
// CHECK: %[[SKIP:.*]] = arith.cmpf olt
// CHECK: %[[NEXT:.*]] = scf.if %[[SKIP]] -> (!tile.tile<8xf32>) {
// CHECK-NEXT: scf.yield %[[ACC]]
// CHECK-NEXT: } else {
// CHECK: tile.add %[[ACC]]
// CHECK: scf.yield %[[NEXT]]
TILE_KERNEL void skip_negative(tile::Piece<float, 8> out, tile::View<float> x,
                               int n) {
  auto acc = tile::full<float, 8>(0.0f);
  for (int i = 0; i < n; ++i) {
    float v = tile::load_scalar(x, i);
    if (v < 0.0f)
      continue;
    acc = acc + v;
  }
  out.store(acc);
}

// `while` tests its condition in the before region; a tile is carried
// through both regions. tile::item makes a reduction a scalar.
// CHECK-LABEL: func.func @halve_until(
// CHECK: %[[L:.*]]:2 = scf.while (%[[T:.*]] = %{{.*}}, %[[N:.*]] = %{{.*}}) : (!tile.tile<8xf32>, i32) -> (!tile.tile<8xf32>, i32)
// CHECK: %[[MAX:.*]] = tile.reduce max %[[T]] {axis = 0 : i32} : <8xf32> to <1xf32>
// CHECK: %[[S:.*]] = tile.item %[[MAX]] : <1xf32> -> f32
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[S]], %{{.*}} : f32
// CHECK: scf.condition(%[[GT]]) %[[T]], %[[N]] : !tile.tile<8xf32>, i32
// CHECK: } do {
// CHECK: ^bb0(%[[T2:.*]]: !tile.tile<8xf32>, %[[N2:.*]]: i32):
// CHECK: tile.mul %[[T2]]
// CHECK: arith.addi %[[N2]]
// CHECK: scf.yield
// CHECK: tile.splat %[[L]]#1
TILE_KERNEL void halve_until(tile::Piece<int, 8> out, tile::View<float> x,
                             float limit) {
  auto t = tile::load<8>(x, tile::program_id(0));
  int halvings = 0;
  while (tile::item(tile::reduce_max<0>(t)) > limit) {
    t = t * 0.5f;
    ++halvings;
  }
  out.store(tile::full<int, 8>(halvings));
}

// `do` runs the body in the before region, then tests; the after region
// passes the values on.
// CHECK-LABEL: func.func @count_down(
// CHECK: scf.while (%[[K:.*]] = %{{.*}}) : (i32) -> i32 {
// CHECK: %[[NEXT:.*]] = arith.subi %[[K]], %c1_i32 : i32
// CHECK: %[[MORE:.*]] = arith.cmpi sgt, %[[NEXT]], %c0_i32 : i32
// CHECK: scf.condition(%[[MORE]]) %[[NEXT]] : i32
// CHECK: } do {
// CHECK: ^bb0(%[[K2:.*]]: i32):
// CHECK: scf.yield %[[K2]] : i32
TILE_KERNEL void count_down(tile::Piece<int, 8> out, int k) {
  do {
    --k;
  } while (k > 0);
  out.store(tile::full<int, 8>(k));
}

// The kernel's `return` sets a flag that guards what follows it, and ends
// the loop it is in.
// CHECK-LABEL: func.func @store_unless_nan(
// CHECK: %[[LOOP:.*]]:2 = scf.while (%{{.*}} = %{{.*}}, %[[RET:.*]] = %false)
// CHECK: arith.xori %[[RET]], %true : i1
// CHECK: scf.condition
// CHECK: } do {
// CHECK: %[[NAN:.*]] = arith.cmpf une
// CHECK: arith.select %[[NAN]], %true, %{{.*}} : i1
// CHECK: scf.if %[[LOOP]]#1 {
// CHECK-NEXT: } else {
// CHECK-NEXT: tile.store
TILE_KERNEL void store_unless_nan(tile::Piece<float, 8> out,
                                  tile::View<float> x, int n) {
  for (int i = 0; i < n; ++i) {
    float v = tile::load_scalar(x, i);
    if (v != v)
      return;
  }
  out.store(tile::full<float, 8>(1.0f));
}
