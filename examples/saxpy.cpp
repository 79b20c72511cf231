// y = a * x + y in f32, updating y in place through its own piece. The
// product and the sum round separately, as written (no fused multiply-add).
#include <tile/kernel.h>

template <int N>
TILE_KERNEL void saxpy(tile::Piece<float, N> y, tile::View<float> x, float a) {
  y.store(a * tile::load_like(x, y) + y.load());
}

template void saxpy<2048>(tile::Piece<float, 2048>, tile::View<float>, float);
