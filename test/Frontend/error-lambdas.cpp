// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// The frontend follows a closure from the lambda expression that made it to
// its calls: through local `auto` variables and parameters, not through a
// helper's return value.
template <int N> auto scaleBy(float s) {
  return [s](const tile::Tile<float, N> &t) { return t * s; };
}

// SAFE-LABEL: func.func @scaled
// SAFE: %[[S:.*]] = tile.splat %arg2
// SAFE: tile.mul %{{.*}}, %[[S]]
TILE_KERNEL void scaled(tile::Piece<float, 64> out, tile::View<float> x,
                        float a) {
#ifdef SAFE
  auto scale = [a](const tile::Tile<float, 64> &t) { return t * a; };
#else
  // CHECK: error-lambdas.cpp:[[@LINE+4]]:16: error: a lambda is called where it is made, kept in a local `auto` variable, or passed to a parameter of a helper; 'scaleBy' returns this one, which cannot be followed (define the lambda where it is used)
  // CHECK-NEXT: auto scale = scaleBy<64>(a);
  // CHECK-NEXT: ^~~~~~~~~~~~~~
  // CHECK: error-lambdas.cpp:[[@LINE-15]]:23: note: 'scaleBy' declared here
  auto scale = scaleBy<64>(a);
#endif
  out.store(scale(tile::load_like(x, out)));
}
