// out[r] = the index of the largest of x[r, 0..n), the first one on ties,
// for rows longer than a tile: one program per row walks it in chunks of B,
// keeping the best value and index so far.
#ifndef TILE_LIBRARY_ARGMAX_ROWS_H
#define TILE_LIBRARY_ARGMAX_ROWS_H

#include <tile/kernel.h>

template <int B>
TILE_KERNEL void argmax_rows(tile::Piece<int32_t, 1, 1> out,
                             tile::View<float, 2> x, int32_t n) {
  int32_t row = tile::program_id(0);
  auto best = tile::full<float, 1, 1>(-3.0e38f);
  auto where = tile::full<int32_t, 1, 1>(0);
  // Chunk arithmetic in 64 bits, where n + B - 1 fits; the lane indices
  // of a chunk inside the row fit 32.
  int64_t chunks = (int64_t(n) + B - 1) / B;
  for (int64_t chunk = 0; chunk < chunks; ++chunk) {
    auto inside =
        tile::reshape<1, B>(tile::iota<int32_t, B>()) < int32_t(n - chunk * B);
    auto values = tile::select(inside, tile::load<1, B>(x, row, chunk),
                               tile::full<float, 1, B>(-3.0e38f));
    auto top = tile::reduce_max<1>(values);
    auto index = tile::argmax<1>(values) + int32_t(chunk * B);
    auto better = top > best;
    best = tile::select(better, top, best);
    where = tile::select(better, index, where);
  }
  out.store(where);
}

// A few long rows (one decode step's logits) leave most of the GPU idle
// under one program per row: argmax_split runs a row's chunks on the
// programs (row, 0..S), program s taking chunks s, s + S, ..., each lane
// keeping the best value and index it saw (the earliest on ties), and
// writes its best value and the first index holding it; argmax_merge then
// picks among each row's S candidates. Values of -3e38 and below and NaN
// are never picked over a larger value.
template <int B>
TILE_KERNEL void argmax_split(tile::Piece<float, 1, 1> bestOut,
                              tile::Piece<int32_t, 1, 1> whereOut,
                              tile::View<float, 2> x, int32_t n) {
  int32_t row = tile::program_id(0);
  int32_t split = tile::program_id(1);
  int32_t splits = tile::num_programs(1);
  auto lanes = tile::reshape<1, B>(tile::iota<int32_t, B>());
  auto best = tile::full<float, 1, B>(-3.0e38f);
  auto where = tile::full<int32_t, 1, B>(0);
  // Chunk arithmetic in 64 bits, as in argmax_rows.
  int64_t chunks = (int64_t(n) + B - 1) / B;
  int64_t mine = (chunks - split + splits - 1) / splits;
  for (int64_t i = 0; i < mine; ++i) {
    int64_t chunk = split + i * splits;
    auto index = lanes + int32_t(chunk * B);
    auto values =
        tile::select(index < n, tile::load<1, B>(x, row, int32_t(chunk)),
                     tile::full<float, 1, B>(-3.0e38f));
    auto better = values > best;
    best = tile::select(better, values, best);
    where = tile::select(better, index, where);
  }
  auto top = tile::reduce_max<1>(best);
  bestOut.store(top);
  whereOut.store(tile::reduce_min<1>(
      tile::select(best == tile::broadcast<1, B>(top), where,
                   tile::full<int32_t, 1, B>(2147483647))));
}

/// The first index of each row's largest candidate, of at most S.
template <int S>
TILE_KERNEL void argmax_merge(tile::Piece<int32_t, 1, 1> out,
                              tile::View<float, 2> best,
                              tile::View<int32_t, 2> where) {
  int32_t row = tile::program_id(0);
  auto used =
      tile::reshape<1, S>(tile::iota<int32_t, S>()) < int32_t(best.size(1));
  auto values = tile::select(used, tile::load<1, S>(best, row, 0),
                             tile::full<float, 1, S>(-3.0e38f));
  auto top = tile::broadcast<1, S>(tile::reduce_max<1>(values));
  auto none = tile::full<int32_t, 1, S>(2147483647);
  out.store(tile::reduce_min<1>(tile::select(
      used, tile::select(values == top, tile::load<1, S>(where, row, 0), none),
      none)));
}

// Explicit instantiations, for the instantiation files of the library and
// of its users.
#define TILE_INSTANTIATE_ARGMAX_ROWS(B)                                       \
  template void argmax_rows<B>(tile::Piece<int32_t, 1, 1>,                     \
                               tile::View<float, 2>, int32_t)
#define TILE_INSTANTIATE_ARGMAX_SPLIT(B)                                      \
  template void argmax_split<B>(tile::Piece<float, 1, 1>,                      \
                                tile::Piece<int32_t, 1, 1>,                    \
                                tile::View<float, 2>, int32_t)
#define TILE_INSTANTIATE_ARGMAX_MERGE(S)                                      \
  template void argmax_merge<S>(tile::Piece<int32_t, 1, 1>,                    \
                                tile::View<float, 2>, tile::View<int32_t, 2>)

#endif // TILE_LIBRARY_ARGMAX_ROWS_H
