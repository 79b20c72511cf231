//===- Sampler.cpp - Picking the next token from logits -------------------===//

#include "qwen3/Sampler.h"

#include "qwen3/Error.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <vector>

using namespace qwen3;

Sampler::Sampler(const SamplingOptions &options)
    : options(options), generator(options.seed) {
  if (!(options.temperature >= 0.0) || !std::isfinite(options.temperature))
    throw Error("the temperature must be 0 (greedy) or positive, not " +
                std::to_string(options.temperature));
  if (options.topK < 0)
    throw Error("top-k must be 0 (all tokens) or positive, not " +
                std::to_string(options.topK));
  if (!(options.topP > 0.0 && options.topP <= 1.0))
    throw Error("top-p must be in (0, 1], not " + std::to_string(options.topP));
}

int32_t Sampler::sample(std::span<const float> logits) {
  if (logits.empty())
    throw Error("no logits to choose a token from");
  if (greedy())
    return int32_t(std::max_element(logits.begin(), logits.end()) -
                   logits.begin());
  // The candidates, most likely first: all of them, or the top k.
  std::vector<int32_t> order(logits.size());
  std::iota(order.begin(), order.end(), 0);
  size_t kept = options.topK > 0 ? std::min(order.size(), size_t(options.topK))
                                 : order.size();
  auto likelier = [&](int32_t a, int32_t b) {
    return logits[size_t(a)] > logits[size_t(b)] ||
           (logits[size_t(a)] == logits[size_t(b)] && a < b);
  };
  std::partial_sort(order.begin(), order.begin() + long(kept), order.end(),
                    likelier);
  order.resize(kept);

  // Softmax of logits / temperature over the candidates, in double.
  double peak = logits[size_t(order[0])];
  std::vector<double> weights(kept);
  double total = 0;
  for (size_t i = 0; i < kept; ++i)
    total += weights[i] = std::exp((double(logits[size_t(order[i])]) - peak) /
                                   options.temperature);
  // The nucleus: the fewest candidates whose probability reaches top-p.
  if (options.topP < 1.0) {
    double mass = 0;
    size_t nucleus = 0;
    while (nucleus < kept && mass < options.topP * total)
      mass += weights[nucleus++];
    weights.resize(std::max<size_t>(nucleus, 1));
  }
  std::discrete_distribution<size_t> pick(weights.begin(), weights.end());
  return order[pick(generator)];
}
