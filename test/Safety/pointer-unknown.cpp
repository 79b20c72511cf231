// RUN: not tilecc %s --check --safety-only 2>&1 | FileCheck %s
// RUN: tilecc %s --check --safety-only -DSAFE
#include <tile/kernel.h>

// A pointer kept in an object can come from anywhere the object was filled
// (here an input view): a write through it is rejected, since the analysis
// does not follow it. Writing the object's own members is fine (SAFE).
struct Window {
  float *at;
  float scale;
};

TILE_KERNEL void through_member(tile::Piece<float, 64> out,
                                tile::View<float> x) {
  float sum = 0.0f;
  TILE_UNSAFE("writes only what the program owns") {
    Window window{const_cast<float *>(x.data()), 1.0f};
#ifdef SAFE
    window.scale = 2.0f;
    sum = window.scale;
#else
    // CHECK: pointer-unknown.cpp:[[@LINE+2]]:5: error: write through a pointer or reference whose target the analysis cannot follow; a kernel writes only into its output pieces and its own variables, so write through pointers taken from those
    // CHECK: pointer-unknown.cpp:[[@LINE+1]]:5: note: the target may come from here
    window.at[0] = 1.0f;
#endif
  }
  out.store(tile::full<float, 64>(sum));
}
