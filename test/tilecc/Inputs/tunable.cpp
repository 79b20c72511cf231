// A tunable kernel for the tuning tests: BM and BN take two values each,
// and one configuration (BM=256, BN=64) fails its static_assert.
#include <tile/kernel.h>

template <class T, int BM, int BN>
TILE_KERNEL TILE_TUNE(BM, 64, 256) TILE_TUNE(BN, 32, 64) void copy_rows(
    tile::Piece<T, BM, BN> out, tile::View<T, 2> x) {
  static_assert(BM * BN < 256 * 64, "at most 16K elements a program");
  out.store(tile::load_like(x, out));
}

template void copy_rows<float, 64, 32>(tile::Piece<float, 64, 32>,
                                       tile::View<float, 2>);

TILE_KERNEL void plain(tile::Piece<float, 64> out, tile::View<float, 1> x) {
  out.store(tile::load_like(x, out));
}
