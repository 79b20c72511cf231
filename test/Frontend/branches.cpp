// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// An if on a scalar is an scf.if yielding what either side assigns; one
// side only yields the value from before the if on the other.
// CHECK-LABEL: func.func @choose
// CHECK: %[[R:.*]]:2 = scf.if %{{.*}} -> (!tile.tile<256xf32>, f32) {
// CHECK: tile.mul
// CHECK: scf.yield %{{.*}}, %{{.*}} : !tile.tile<256xf32>, f32
// CHECK: } else {
// CHECK: scf.yield %{{.*}}, %{{.*}} : !tile.tile<256xf32>, f32
// CHECK: tile.splat %[[R]]#1
TILE_KERNEL void choose(tile::Piece<float, 256> out, tile::View<float> x,
                        int mode) {
  auto t = tile::load_like(x, out);
  float bias = 1.0f;
  if (mode > 0) {
    t = t * t;
    bias = 2.0f;
  } else if (mode < 0) {
    bias = -1.0f;
  }
  out.store(t + bias);
}

// A store inside an if runs only when the condition holds.
// CHECK-LABEL: func.func @guarded
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: tile.load
// CHECK-NEXT: tile.store
// CHECK-NEXT: }
TILE_KERNEL void guarded(tile::Piece<float, 256> out, tile::View<float> x) {
  if (tile::program_id(0) % 2 == 0)
    out.store(tile::load_like(x, out));
}

// if constexpr keeps only the branch its instantiation takes.
// CHECK-LABEL: func.func @pick_1
// CHECK-NOT: scf.if
// CHECK: tile.neg
template <int Sign> TILE_KERNEL void pick(tile::Piece<float, 64> out) {
  auto t = tile::full<float, 64>(3.0f);
  if constexpr (Sign > 0)
    out.store(-t);
  else
    out.store(t);
}
template void pick<1>(tile::Piece<float, 64>);
