// RUN: not tilecc %s --check 2>&1 | FileCheck %s
// 8-bit floats accumulate into float: tile::dot says so.
#include <tile/kernel.h>

TILE_KERNEL void product(tile::Piece<tile::bf16, 64, 64> out,
                         tile::View<tile::f8e4m3, 2> a) {
  // CHECK: error: static assertion failed{{.*}}: tile::dot: the tensor cores multiply 8-bit floats into a float accumulator
  out.store(tile::dot(tile::load<64, 32>(a, 0, 0), tile::load<32, 64>(a, 0, 0),
                      tile::full<tile::bf16, 64, 64>(tile::bf16(0.0f))));
}
