// loss[r] = logsumexp(logits[r, :]) - logits[r, target[r]]: the
// cross-entropy of each row of logits (bf16) against its target class, in
// float; a target outside [0, classes) (PyTorch's ignore_index, -100) gives
// a loss of 0. One program per row walks it in chunks of B: each chunk's
// largest logit updates the row's running maximum, and each lane keeps its
// sum of exp(logit - maximum), rescaled when the maximum grows, so that
// every logit is read once and exponentiated once.
#ifndef TILE_EXAMPLES_CROSS_ENTROPY_H
#define TILE_EXAMPLES_CROSS_ENTROPY_H

#include <tile/kernel.h>

template <int B>
TILE_KERNEL void cross_entropy(tile::Piece<float, 1, 1> loss,
                               tile::View<tile::bf16, 2> logits,
                               tile::View<int32_t> targets) {
  int32_t row = tile::program_id(0);
  int64_t classes = logits.size(1);
  auto lanes = tile::reshape<1, B>(tile::iota<int64_t, B>());
  // Below every logit, and far enough above -inf that exp of differences
  // stays finite.
  constexpr float kLowest = -3.0e38f;
  auto peak = tile::full<float, 1, 1>(kLowest);
  auto sums = tile::full<float, 1, B>(0.0f);
  int64_t chunks = (classes + B - 1) / B;
  for (int64_t chunk = 0; chunk < chunks; ++chunk) {
    auto inside = lanes < classes - chunk * B;
    auto values = tile::select(
        inside,
        tile::cast<float>(tile::load<1, B>(logits, row, int32_t(chunk))),
        tile::full<float, 1, B>(kLowest));
    auto grown = tile::max(peak, tile::reduce_max<1>(values));
    auto rescale = tile::broadcast<1, B>(tile::exp(peak - grown));
    auto terms =
        tile::select(inside, tile::exp(values - tile::broadcast<1, B>(grown)),
                     tile::full<float, 1, B>(0.0f));
    sums = sums * rescale + terms;
    peak = grown;
  }
  auto logSumExp = tile::log(tile::reduce_sum<1>(sums)) + peak;
  int32_t target = tile::load_scalar(targets, row);
  float picked = float(tile::load_scalar(logits, row, target));
  bool counted = target >= 0 && target < classes;
  loss.store(tile::select(tile::full<bool, 1, 1>(counted),
                          logSumExp - tile::full<float, 1, 1>(picked),
                          tile::full<float, 1, 1>(0.0f)));
}

#endif // TILE_EXAMPLES_CROSS_ENTROPY_H
