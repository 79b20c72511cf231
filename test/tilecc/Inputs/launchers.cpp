// Kernels for the launcher tests: two instantiations of one template, a
// matrix kernel of bf16 and a kernel of integers with a 64-bit scalar.
#include <tile/kernel.h>

template <int N>
TILE_KERNEL void scale(tile::Piece<float, N> y, tile::View<float> x, float a) {
  y.store(a * tile::load_like(x, y));
}
template void scale<1024>(tile::Piece<float, 1024>, tile::View<float>, float);
template void scale<256>(tile::Piece<float, 256>, tile::View<float>, float);

template <class T, int R, int C>
TILE_KERNEL void add_matrix(tile::Piece<T, R, C> out, tile::View<T, 2> x,
                            tile::View<T, 2> y) {
  out.store(tile::load_like(x, out) + tile::load_like(y, out));
}
template void add_matrix<tile::bf16, 16, 64>(tile::Piece<tile::bf16, 16, 64>,
                                             tile::View<tile::bf16, 2>,
                                             tile::View<tile::bf16, 2>);

TILE_KERNEL void offset(tile::Piece<int64_t, 128> out,
                        tile::View<int64_t> in, int64_t by) {
  out.store(tile::load_like(in, out) + by);
}
