// Reductions and scans with combiners of one's own (tile::reduce and
// tile::scan with a lambda). `row_bits` folds each row of flag words with
// a bitwise or: the union of the features each row has. `prefix_gcd` scans
// each row with Euclid's algorithm, a loop inside the combiner: element c
// is the greatest common divisor of the row's first c + 1 values. Both
// combiners are associative and commutative, as the GPU's tree requires.
#ifndef TILE_EXAMPLES_ROW_COMBINERS_H
#define TILE_EXAMPLES_ROW_COMBINERS_H

#include <tile/kernel.h>

/// bits[r] = flags[r, 0] | flags[r, 1] | ..., rows of up to N words.
template <int Rows, int N>
TILE_KERNEL void row_bits(tile::Piece<int32_t, Rows, 1> bits,
                          tile::View<int32_t, 2> flags) {
  auto words = tile::load<Rows, N>(flags, tile::program_id(0), 0);
  bits.store(
      tile::reduce<1>(words, [](int32_t a, int32_t b) { return a | b; }));
}

/// gcds[r, c] = gcd(x[r, 0], ..., x[r, c]) for non-negative x, rows of up
/// to N values (gcd(v, 0) is v: the zeros past a row's end change nothing).
template <int N>
TILE_KERNEL void prefix_gcd(tile::Piece<int64_t, 1, N> gcds,
                            tile::View<int64_t, 2> x) {
  auto gcd = [](int64_t a, int64_t b) {
    while (b != 0) {
      int64_t rest = a % b;
      a = b;
      b = rest;
    }
    return a;
  };
  gcds.store(tile::scan<1>(tile::load<1, N>(x, tile::program_id(0), 0), gcd));
}

#endif // TILE_EXAMPLES_ROW_COMBINERS_H
