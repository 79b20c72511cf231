// RUN: not tilecc %s --check 2>&1 | FileCheck %s
// The tensor cores do not multiply doubles: tile::dot says what to cast to.
#include <tile/kernel.h>

TILE_KERNEL void product(tile::Piece<double, 16, 16> out,
                         tile::View<double, 2> a, tile::View<double, 2> b) {
  // CHECK: error: static assertion failed{{.*}}: tile::dot: the tensor cores do not multiply double tiles; cast the inputs to tile::f16 or tile::bf16 and the accumulator to float (tile::cast<float>(acc))
  out.store(tile::dot(tile::load<16, 16>(a, 0, 0), tile::load<16, 16>(b, 0, 0),
                      tile::full<double, 16, 16>(0.0)));
}
