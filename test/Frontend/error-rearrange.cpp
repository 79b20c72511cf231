// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// Each misuse of cat, slice, pad, shift and roll stops at its header's
// static assertion.
// CHECK-DAG: error: static assertion failed{{.*}}tile::cat joins tiles of one element type; cast one first
// CHECK-DAG: error: static assertion failed{{.*}}tile::cat joins tiles of one rank; reshape one first
// CHECK-DAG: error: static assertion failed{{.*}}tile::cat joins tiles of one shape
// CHECK-DAG: error: static assertion failed{{.*}}tile::cat: axis out of range
// CHECK-DAG: error: static assertion failed{{.*}}tile::slice<Shape...>(t, offset...): give one result dimension per dimension of t
// CHECK-DAG: error: static assertion failed{{.*}}tile::slice<Shape...>(t, offset...): give one element offset per dimension of t
// CHECK-DAG: error: static assertion failed{{.*}}tile::slice: element offsets must be integers
// CHECK-DAG: error: static assertion failed{{.*}}tile::pad<Shape...>(t, fill): give one result dimension per dimension of t
// CHECK-DAG: error: static assertion failed{{.*}}tile::pad: every result dimension must be at least the input's; use tile::slice to make a tile smaller
// CHECK-DAG: error: static assertion failed{{.*}}tile::pad: the fill value must be a scalar of the tile's element type (0.0f for a float tile)
// CHECK-DAG: error: static assertion failed{{.*}}tile::shift: the fill value must be a scalar of the tile's element type (0.0f for a float tile)
// CHECK-DAG: error: static assertion failed{{.*}}tile::shift: 8-bit floats have no scalars to fill with; bitcast the tile to int8_t first
// CHECK-DAG: error: static assertion failed{{.*}}tile::shift and tile::roll: axis out of range
// CHECK-DAG: error: static assertion failed{{.*}}tile::shift and tile::roll: the shift must be a signed integer

using F8 = tile::Tile<tile::f8e4m3, 8>;

TILE_KERNEL void cat_types(tile::Piece<float, 16> out, tile::View<float> x) {
  auto a = tile::load<8>(x, 0);
  out.store(tile::cat<0>(a, tile::cast<int32_t>(a)));
}

TILE_KERNEL void cat_ranks(tile::Piece<float, 16> out, tile::View<float> x) {
  auto a = tile::load<8>(x, 0);
  out.store(tile::cat<0>(a, tile::reshape<1, 8>(a)));
}

TILE_KERNEL void cat_shapes(tile::Piece<float, 16> out, tile::View<float> x) {
  out.store(tile::cat<0>(tile::load<8>(x, 0), tile::load<4>(x, 0)));
}

TILE_KERNEL void cat_axis(tile::Piece<float, 16> out, tile::View<float> x) {
  auto a = tile::load<8>(x, 0);
  out.store(tile::reshape<16>(tile::cat<1>(a, a)));
}

TILE_KERNEL void slice_rank(tile::Piece<float, 8> out, tile::View<float> x) {
  out.store(tile::reshape<8>(tile::slice<1, 8>(tile::load<16>(x, 0), 0)));
}

TILE_KERNEL void slice_offsets(tile::Piece<float, 8> out,
                               tile::View<float> x) {
  out.store(tile::slice<8>(tile::load<16>(x, 0), 0, 1));
}

TILE_KERNEL void slice_float(tile::Piece<float, 8> out, tile::View<float> x) {
  out.store(tile::slice<8>(tile::load<16>(x, 0), 1.5f));
}

TILE_KERNEL void pad_rank(tile::Piece<float, 16> out, tile::View<float> x) {
  out.store(tile::reshape<16>(tile::pad<1, 16>(tile::load<8>(x, 0), 0.0f)));
}

TILE_KERNEL void pad_smaller(tile::Piece<float, 4> out, tile::View<float> x) {
  out.store(tile::pad<4>(tile::load<8>(x, 0), 0.0f));
}

TILE_KERNEL void pad_fill(tile::Piece<float, 16> out, tile::View<float> x) {
  out.store(tile::pad<16>(tile::load<8>(x, 0), 0));
}

TILE_KERNEL void shift_fill(tile::Piece<float, 8> out, tile::View<float> x) {
  out.store(tile::shift<0>(tile::load<8>(x, 0), 1, 0));
}

TILE_KERNEL void shift_float8(tile::Piece<tile::f8e4m3, 8> out,
                              tile::View<tile::f8e4m3> x) {
  F8 t = tile::load<8>(x, 0);
  out.store(tile::shift<0>(t, 1, tile::f8e4m3(0.0f)));
}

TILE_KERNEL void shift_axis(tile::Piece<float, 8> out, tile::View<float> x) {
  out.store(tile::shift<1>(tile::load<8>(x, 0), 1, 0.0f));
}

TILE_KERNEL void roll_unsigned(tile::Piece<float, 8> out, tile::View<float> x,
                               int32_t k) {
  out.store(tile::roll<0>(tile::load<8>(x, 0), k > 0));
}
