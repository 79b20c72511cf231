// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
#include <tile/kernel.h>

// The header's assertions: combiners take float and integer elements, and
// return the element type.

TILE_KERNEL void halves(tile::Piece<tile::f16, 1> out,
                        tile::View<tile::f16> x) {
  // CHECK: error: static assertion failed due to requirement {{.*}}: tile::reduce and tile::scan combine float, double and integer tiles; cast 16- and 8-bit floats to float first
  out.store(tile::reduce<0>(tile::load<64>(x, 0),
                            [](tile::f16 a, tile::f16 b) { return a; }));
}

TILE_KERNEL void otherType(tile::Piece<float, 1> out, tile::View<float> x) {
  // CHECK: error: static assertion failed{{.*}}: the combiner takes two elements of the tile's type and returns one
  out.store(tile::reduce<0>(tile::load<64>(x, 0),
                            [](float a, float b) { return int(a + b); }));
}
