// RUN: tilecc %s --emit=tile | FileCheck %s
// RUN: tilecc %s --emit=ptx | FileCheck %s --check-prefix=PTX
#include <tile/kernel.h>

// TILE_MAX_THREADS is recorded on the kernel, for every instantiation of a
// kernel template, from a constant expression; the layouts then spread a
// 4096-element tile over 256 threads instead of the default 128.
// CHECK-LABEL: func.func @copy_4096
// CHECK-SAME: tile.max_threads = 256 : i64
// CHECK-LABEL: func.func @scale
// CHECK-SAME: tile.max_threads = 64 : i64
// CHECK-LABEL: func.func @plain
// CHECK-NOT: tile.max_threads
// The limit may depend on the template's parameters: each instantiation
// gets its own.
// CHECK-LABEL: func.func @sized_copy_1024
// CHECK-SAME: tile.max_threads = 128 : i64
// CHECK-LABEL: func.func @sized_copy_8192
// CHECK-SAME: tile.max_threads = 512 : i64
// PTX-LABEL: .visible .entry copy_4096(
// PTX: .maxntid 256, 1, 1
// PTX-LABEL: .visible .entry scale(
// PTX: .maxntid 64, 1, 1
// PTX-LABEL: .visible .entry plain(
// PTX: .maxntid 128, 1, 1
template <int N>
TILE_KERNEL TILE_MAX_THREADS(256) void copy(tile::Piece<float, N> out,
                                            tile::View<float, 1> x) {
  out.store(tile::load_like(x, out));
}

template void copy<4096>(tile::Piece<float, 4096>, tile::View<float, 1>);

constexpr int kThreads = 64;

TILE_KERNEL TILE_MAX_THREADS(kThreads) void scale(
    tile::Piece<float, 4096> out, tile::View<float, 1> x, float a) {
  out.store(tile::load_like(x, out) * a);
}

TILE_KERNEL void plain(tile::Piece<float, 4096> out, tile::View<float, 1> x) {
  out.store(tile::load_like(x, out));
}

template <int N>
TILE_KERNEL TILE_MAX_THREADS(N >= 8192 ? 512 : 128) void sized_copy(
    tile::Piece<float, N> out, tile::View<float, 1> x) {
  out.store(tile::load_like(x, out));
}

template void sized_copy<1024>(tile::Piece<float, 1024>, tile::View<float, 1>);
template void sized_copy<8192>(tile::Piece<float, 8192>, tile::View<float, 1>);
