// Kernels for the launcher test of input pieces and atomic outputs: a
// histogram whose only output is atomic, and a kernel that reads its input
// through a piece of a matrix.
#include <tile/kernel.h>

TILE_KERNEL void histogram(tile::Piece<const int32_t, 4096> x,
                           tile::Atomic<int32_t> counts) {
  counts.add(tile::full<int32_t, 4096>(1), x.load());
}

template <int R, int C>
TILE_KERNEL void scale_pieces(tile::Piece<float, R, C> y,
                              tile::Piece<const float, R, C> x, float a) {
  y.store(x.load() * a);
}
template void scale_pieces<16, 64>(tile::Piece<float, 16, 64>,
                                   tile::Piece<const float, 16, 64>, float);
