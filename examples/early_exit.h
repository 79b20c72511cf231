// Loops that end when the data says so. `first_token` walks each row of
// token ids in chunks and leaves at the first chunk that holds the token:
// the length of each sequence before its end-of-sequence token, reading
// only what comes before it. `collatz_steps` iterates the Collatz map
// (x / 2 when x is even, 3x + 1 when odd) on a tile until every element
// has reached 1, counting each element's steps: a loop whose trip count no
// one knows in advance.
#ifndef TILE_EXAMPLES_EARLY_EXIT_H
#define TILE_EXAMPLES_EARLY_EXIT_H

#include <tile/kernel.h>

/// lengths[r] = the column of the first `token` in row r of ids, or the
/// row's length when the row has none.
template <int N>
TILE_KERNEL void first_token(tile::Piece<int64_t, 1> lengths,
                             tile::View<int32_t, 2> ids, int32_t token) {
  int64_t columns = ids.size(1);
  int row = tile::program_id(0);
  int chunks = int((columns + (N - 1)) / N);
  auto lane = tile::reshape<1, N>(tile::iota<int64_t, N>());
  int64_t first = columns;
  for (int c = 0; c < chunks; ++c) {
    auto column = lane + int64_t(c) * N;
    auto found = (tile::load<1, N>(ids, row, c) == token) && column < columns;
    // The smallest column that holds the token, or `columns`.
    int64_t at = tile::item(tile::reduce_min<1>(
        tile::select(found, column, tile::full<int64_t, 1, N>(columns))));
    if (at < columns) {
      first = at;
      break;
    }
  }
  lengths.store(tile::full<int64_t, 1>(first));
}

/// steps[i] = how many steps of the Collatz map take x[i] to 1, for x[i]
/// in [1, 2^20); 0 past the end of x.
template <int N>
TILE_KERNEL void collatz_steps(tile::Piece<int32_t, N> steps,
                               tile::View<int32_t> x) {
  // Zeros past the end of x start at 1: they have arrived.
  auto loaded = tile::cast<int64_t>(tile::load<N>(x, tile::program_id(0)));
  auto value = tile::max(loaded, tile::full<int64_t, N>(1));
  auto count = tile::full<int32_t, N>(0);
  if (tile::item(tile::reduce_max<0>(value)) == 1) {
    steps.store(count);
    return;
  }
  do {
    auto moving = value != int64_t(1);
    auto odd = (value & int64_t(1)) == int64_t(1);
    auto next =
        tile::select(odd, value * int64_t(3) + int64_t(1), value >> int64_t(1));
    value = tile::select(moving, next, value);
    count = count + tile::cast<int32_t>(moving);
  } while (tile::item(tile::reduce_max<0>(value)) > 1);
  steps.store(count);
}

#endif // TILE_EXAMPLES_EARLY_EXIT_H
