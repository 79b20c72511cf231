#include <tile/kernel.h>

// Copies row `row` of x, which must be one of the piece's 16 rows, and
// whose columns come in whole tiles.
TILE_KERNEL void put_row(tile::Piece<float, 16, 32> out,
                         tile::View<float, 2> x, int row) {
  TILE_REQUIRE(row >= 0 && row < 16);
  TILE_REQUIRE(x.size(1) % 32 == 0);
  out.store_at(tile::load<1, 32>(x, row, 0), row, 0);
}
