// out[r] = the index of the largest of x[r, 0..n), the first one on ties,
// for rows longer than a tile: one program per row walks it in chunks of B,
// keeping the best value and index so far.
#include <tile/kernel.h>

template <int B>
TILE_KERNEL void argmax_rows(tile::Piece<int32_t, 1, 1> out,
                             tile::View<float, 2> x, int32_t n) {
  int32_t row = tile::program_id(0);
  auto best = tile::full<float, 1, 1>(-3.0e38f);
  auto where = tile::full<int32_t, 1, 1>(0);
  int32_t chunks = (n + B - 1) / B;
  for (int32_t chunk = 0; chunk < chunks; ++chunk) {
    auto inside = tile::reshape<1, B>(tile::iota<int32_t, B>()) < n - chunk * B;
    auto values = tile::select(inside, tile::load<1, B>(x, row, chunk),
                               tile::full<float, 1, B>(-3.0e38f));
    auto top = tile::reduce_max<1>(values);
    auto index = tile::argmax<1>(values) + chunk * B;
    auto better = top > best;
    best = tile::select(better, top, best);
    where = tile::select(better, index, where);
  }
  out.store(where);
}

template void argmax_rows<2048>(tile::Piece<int32_t, 1, 1>,
                                tile::View<float, 2>, int32_t);
