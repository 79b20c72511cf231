// Kernels with the 8- and 16-bit element types, for
// emit-launcher-narrow-types.test.
#include <tile/kernel.h>

TILE_KERNEL void dequantize(tile::Piece<float, 64> out,
                            tile::View<tile::f8e4m3> w,
                            tile::View<tile::f8e5m2> v, tile::View<int8_t> b,
                            int16_t s) {
  auto sum =
      tile::cast<float>(tile::load_like(w, out)) +
      tile::cast<float>(tile::load_like(v, out)) +
      tile::cast<float>(tile::cast<int16_t>(tile::load_like(b, out)) * s);
  out.store(sum);
}
