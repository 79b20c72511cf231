// out[r, :] = probs[r, :] where the probability is among the nucleus of its
// row, else 0: top-p (nucleus) filtering, the fewest most probable classes
// whose probabilities sum to at least p (with every class tied with the
// last of them), over rows of at most N probabilities, such as the
// candidates left by a top-k.
//
// No sort: the nucleus is every probability of at least t, for the largest t
// whose at-least-t mass reaches p. Non-negative floats order as their bits
// do as integers, so t is found by bisecting the bits, 31 halvings of [0,
// +infinity), each a masked sum of the row held in registers. The sums are
// in float, so at p near the row's total a class below the sum's rounding
// may fall either side; p of 1 or more keeps every class.
#ifndef TILE_EXAMPLES_TOP_P_H
#define TILE_EXAMPLES_TOP_P_H

#include <tile/kernel.h>

template <int N>
TILE_KERNEL void top_p(tile::Piece<float, 1, N> out, tile::View<float, 2> probs,
                       float p) {
  auto inside =
      tile::reshape<1, N>(tile::iota<int64_t, N>()) < probs.size(1);
  // Past the row's end: -1, whose bits (negative) are below every threshold.
  auto row = tile::select(inside, tile::load_like(probs, out),
                          tile::full<float, 1, N>(-1.0f));
  auto bits = tile::bitcast<int32_t>(row);
  auto zeros = tile::full<float, 1, N>(0.0f);
  // The mass at or above lo reaches p; the mass at or above hi does not.
  auto lo = tile::full<int32_t, 1, 1>(0);
  auto hi = tile::full<int32_t, 1, 1>(0x7f800000);
  auto target = tile::full<float, 1, 1>(p);
  for (int i = 0; i < 31; ++i) {
    auto mid = lo + (hi - lo) / 2;
    auto above = bits >= tile::broadcast<1, N>(mid);
    auto mass = tile::reduce_sum<1>(tile::select(above, row, zeros));
    auto enough = mass >= target;
    lo = tile::select(enough, mid, lo);
    hi = tile::select(enough, hi, mid);
  }
  auto kept = (bits >= tile::broadcast<1, N>(lo)) |
              tile::full<bool, 1, N>(p >= 1.0f);
  out.store(tile::select(kept, row, zeros));
}

#endif // TILE_EXAMPLES_TOP_P_H
