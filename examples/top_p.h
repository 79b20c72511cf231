// out[r, :] = probs[r, :] where the probability is among the nucleus of its
// row, else 0: top-p (nucleus) filtering, the fewest most probable classes
// whose probabilities sum to at least p (with every class tied with the
// last of them), over rows of at most N probabilities, such as the
// candidates left by a top-k.
//
// No sort: the nucleus is every probability of at least t, for the largest t
// whose at-least-t mass reaches p. Non-negative floats order as their bits
// do as integers, so t is found by bisecting the bits, 30 halvings of [0,
// the float after 1], each a masked sum of the row held in registers. The sums
// are of the probabilities in fixed point (multiples of 2^-50, in int64_t):
// integer sums do not depend on the order of the additions, so the GPU and
// host mode find the same nucleus, and the truncation moves each mass by
// less than 2^-38 for a row of 4096. Probabilities lie in [0, 1]; p of 1 or
// more keeps every class.
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
  constexpr float kOne = 1125899906842624.0f; // 2^50
  auto fixed = tile::cast<int64_t>(row * kOne);
  auto none = tile::full<int64_t, 1, N>(0);
  auto target = tile::cast<int64_t>(tile::full<float, 1, 1>(p) * kOne);
  // The mass at or above lo reaches p; the mass at or above hi does not.
  auto lo = tile::full<int32_t, 1, 1>(0);
  auto hi = tile::full<int32_t, 1, 1>(0x3f800001);
  for (int i = 0; i < 30; ++i) {
    auto mid = lo + (hi - lo) / 2;
    auto above = bits >= tile::broadcast<1, N>(mid);
    auto mass = tile::reduce_sum<1>(tile::select(above, fixed, none));
    auto enough = mass >= target;
    lo = tile::select(enough, mid, lo);
    hi = tile::select(enough, hi, mid);
  }
  auto kept = (bits >= tile::broadcast<1, N>(lo)) |
              tile::full<bool, 1, N>(p >= 1.0f);
  out.store(tile::select(kept, row, tile::full<float, 1, N>(0.0f)));
}

#endif // TILE_EXAMPLES_TOP_P_H
