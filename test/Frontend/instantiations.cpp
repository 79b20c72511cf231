// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// Each explicit instantiation of a kernel template is a kernel of its own;
// a plain function marked TILE_KERNEL is one too; unmarked functions are not.
// CHECK-DAG: func.func @copy_128(%{{.*}}: !tile.piece<128xf32>, %{{.*}}: !tile.view<?xf32>) attributes {{{.*}}tile.name = "copy<128>"}
// CHECK-DAG: func.func @copy_2048(%{{.*}}: !tile.piece<2048xf32>, %{{.*}}: !tile.view<?xf32>) attributes {{{.*}}tile.name = "copy<2048>"}
// CHECK-DAG: func.func @copy_typed_int_64(%{{.*}}: !tile.piece<64xi32>, %{{.*}}: !tile.view<?xi32>) attributes {{{.*}}tile.name = "copy_typed<int, 64>"}
// CHECK-DAG: func.func @twice(%{{.*}}: !tile.piece<32x8xi64>, %{{.*}}: !tile.view<?x?xi64>)
// CHECK-NOT: @not_a_kernel
template <int N>
TILE_KERNEL void copy(tile::Piece<float, N> out, tile::View<float> in) {
  out.store(tile::load_like(in, out));
}
template void copy<128>(tile::Piece<float, 128>, tile::View<float>);
template void copy<2048>(tile::Piece<float, 2048>, tile::View<float>);

template <class T, int N>
TILE_KERNEL void copy_typed(tile::Piece<T, N> out, tile::View<T> in) {
  out.store(tile::load_like(in, out));
}
template void copy_typed<int, 64>(tile::Piece<int, 64>, tile::View<int>);

TILE_KERNEL void twice(tile::Piece<int64_t, 32, 8> out,
                       tile::View<int64_t, 2> in) {
  auto t = tile::load_like(in, out);
  out.store(t + t);
}

void not_a_kernel(tile::Piece<float, 4>) {}
