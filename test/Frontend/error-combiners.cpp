// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
#include <tile/kernel.h>

// A combiner returns the combination of its two elements and nothing else:
// it assigns no variable of the kernel, and loads, stores and makes no
// tiles; it takes the tile's element type.

TILE_KERNEL void assignsCapture(tile::Piece<float, 1> out,
                                tile::View<float> x) {
  float last = 0.0f;
  // CHECK: error-combiners.cpp:[[@LINE+1]]:51: error: a combiner assigns none of the kernel's variables: it returns the combination of its two arguments
  out.store(tile::reduce<0>(tile::load<64>(x, 0), [&last](float a, float b) {
    last = b;
    return a + b;
  }));
}

TILE_KERNEL void loads(tile::Piece<float, 1> out, tile::View<float> x) {
  // CHECK: error-combiners.cpp:[[@LINE+1]]:51: error: a combiner computes with the two elements it is given: it loads, stores and makes no tiles
  out.store(tile::reduce<0>(tile::load<64>(x, 0), [&x](float a, float b) {
    return a + b * tile::load_scalar(x, 0);
  }));
}
