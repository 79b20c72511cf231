// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// TILE_TUNE records the space on every instantiation of the template: the
// template's qualified name, the instantiation's arguments as source text
// and, per tunable parameter, its position and values.
// CHECK-LABEL: func.func @copy_tile_bf16_64_32
// CHECK-SAME: tile.tune = {args = ["tile::bf16", "64", "32"], params = [{index
// = 1 : i64, name = "BM", values = array<i64: 64, 128>}, {index = 2 : i64, name
// = "BN", values = array<i64: 32, 64, 128>}], template = "lib::copy"}
// CHECK-LABEL: func.func @copy_float_128_128
// CHECK-SAME: args = ["float", "128", "128"]
// A kernel without TILE_TUNE has no space.
// CHECK-LABEL: func.func @plain
// CHECK-NOT: tile.tune
namespace lib {
template <class T, int BM, int BN>
TILE_KERNEL TILE_TUNE(BM, 64, 128)
    TILE_TUNE(BN, 32, 64, 128) void copy(tile::Piece<T, BM, BN> out,
                                         tile::View<T, 2> x) {
  out.store(tile::load_like(x, out));
}

template void copy<tile::bf16, 64, 32>(tile::Piece<tile::bf16, 64, 32>,
                                       tile::View<tile::bf16, 2>);
template void copy<float, 128, 128>(tile::Piece<float, 128, 128>,
                                    tile::View<float, 2>);
} // namespace lib

TILE_KERNEL void plain(tile::Piece<float, 64> out, tile::View<float, 1> x) {
  out.store(tile::load_like(x, out));
}
