// loss[r] = logsumexp(logits[r, :]) - logits[r, target[r]]: the
// cross-entropy of each row of logits (bf16) against its target class, in
// float; a target outside [0, classes) (PyTorch's ignore_index, -100) gives
// a loss of 0. One program per row walks it in chunks of B, the next
// chunk's load in flight while this one is summed. Each lane keeps the
// largest logit it has seen and its sum of exp(logit - largest), rescaled
// when that grows, so that no chunk needs a reduction across the program;
// the lanes meet once, at the end. Logits are taken in base 2 (times
// log2 e), so that each is exponentiated once, with one exp2. Only the last
// chunk, past the row's whole chunks, is masked.
#ifndef TILE_EXAMPLES_CROSS_ENTROPY_H
#define TILE_EXAMPLES_CROSS_ENTROPY_H

#include <tile/kernel.h>

template <int B>
TILE_KERNEL void cross_entropy(tile::Piece<float, 1, 1> loss,
                               tile::View<tile::bf16, 2> logits,
                               tile::View<int32_t> targets) {
  int32_t row = tile::program_id(0);
  int64_t classes = logits.size(1);
  constexpr float kLog2e = 1.44269504f, kLn2 = 0.693147181f;
  // Below every logit, and far enough above -inf that exp2 of differences
  // stays finite.
  constexpr float kLowest = -3.0e38f;
  auto peaks = tile::full<float, 1, B>(kLowest);
  auto sums = tile::full<float, 1, B>(0.0f);
  // Adds the logits of `chunk` where `inside` holds: a lane's new logit
  // either rescales its sum (it is the new largest, its own term 1) or
  // adds its term.
  auto add = [&](const tile::Tile<tile::bf16, 1, B> &chunk,
                 const tile::Tile<bool, 1, B> &inside) {
    auto x = tile::cast<float>(chunk) * kLog2e;
    auto grown = tile::max(peaks, x);
    auto term = tile::exp2(tile::min(peaks, x) - grown);
    auto updated = tile::select(x > peaks,
                                sums * term + tile::full<float, 1, B>(1.0f),
                                sums + term);
    sums = tile::select(inside, updated, sums);
    peaks = tile::select(inside, grown, peaks);
  };
  int64_t whole = classes / B;
  auto chunk = tile::load<1, B>(logits, row, 0);
  for (int64_t c = 0; c < whole; ++c) {
    auto next = tile::load<1, B>(logits, row, int32_t(c + 1));
    add(chunk, tile::full<bool, 1, B>(true));
    chunk = next;
  }
  // The rest of the row, if any: loads read zeros past its end.
  auto lanes = tile::reshape<1, B>(tile::iota<int32_t, B>());
  add(chunk, lanes < int32_t(classes - whole * B));
  auto peak = tile::reduce_max<1>(peaks);
  auto total = tile::reduce_sum<1>(
      sums * tile::exp2(peaks - tile::broadcast<1, B>(peak)));
  auto logSumExp = (tile::log2(total) + peak) * kLn2;
  int32_t target = tile::load_scalar(targets, row);
  float picked = float(tile::load_scalar(logits, row, target));
  bool counted = target >= 0 && target < classes;
  loss.store(tile::select(tile::full<bool, 1, 1>(counted),
                          logSumExp - tile::full<float, 1, 1>(picked),
                          tile::full<float, 1, 1>(0.0f)));
}

#endif // TILE_EXAMPLES_CROSS_ENTROPY_H
