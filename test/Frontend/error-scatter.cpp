// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

#include <cstdint>

// A scatter takes the values, one integer index tile of their shape per
// dimension of the piece, then at most a bool mask of that shape; it writes
// an output piece of at most 16384 elements.
// CHECK-DAG: error: static assertion failed{{.*}}Piece::scatter: give the values, then one integer index tile per dimension of the piece, each of the values' shape, then optionally a bool mask tile of that shape
// CHECK-DAG: error: static assertion failed{{.*}}Piece::scatter: an input piece (tile::Piece<const T, ...>) is only read
// CHECK-DAG: error: static assertion failed{{.*}}Piece::scatter: a piece that is scattered into holds at most 16384 elements (Piece::max_scatter_elements)
TILE_KERNEL void one_index(tile::Piece<float, 8, 8> out, tile::View<float> x) {
  out.scatter(tile::load<8>(x, 0), tile::iota<int32_t, 8>());
}

TILE_KERNEL void float_index(tile::Piece<float, 8> out, tile::View<float> x) {
  auto v = tile::load<8>(x, 0);
  out.scatter(v, v);
}

TILE_KERNEL void input(tile::Piece<const float, 8> in, tile::Piece<float, 8> out) {
  in.scatter(in.load(), tile::iota<int32_t, 8>());
  out.store(in.load());
}

TILE_KERNEL void large(tile::Piece<float, 128, 256> out, tile::View<float> x) {
  auto v = tile::load<8>(x, 0);
  out.scatter(v, tile::iota<int32_t, 8>(), tile::iota<int32_t, 8>());
}
