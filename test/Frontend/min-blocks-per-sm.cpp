// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// TILE_MIN_BLOCKS_PER_SM is recorded on the kernel, for plain kernels and
// for every instantiation of a kernel template, from a constant expression.
// CHECK-LABEL: func.func @copy_2048
// CHECK-SAME: tile.min_blocks_per_sm = 8 : i64
// CHECK-LABEL: func.func @scale
// CHECK-SAME: tile.min_blocks_per_sm = 3 : i64
// CHECK-LABEL: func.func @plain
// CHECK-NOT: tile.min_blocks_per_sm
template <int N>
TILE_KERNEL TILE_MIN_BLOCKS_PER_SM(8) void copy(tile::Piece<float, N> out,
                                                tile::View<float, 1> x) {
  out.store(tile::load_like(x, out));
}

template void copy<2048>(tile::Piece<float, 2048>, tile::View<float, 1>);

constexpr int kBlocks = 3;

TILE_KERNEL TILE_MIN_BLOCKS_PER_SM(kBlocks) void scale(
    tile::Piece<float, 512> out, tile::View<float, 1> x, float a) {
  out.store(tile::load_like(x, out) * a);
}

TILE_KERNEL void plain(tile::Piece<float, 512> out, tile::View<float, 1> x) {
  out.store(tile::load_like(x, out));
}
