//===- Sampler.cpp - Picking the next token from logits -------------------===//

#include "qwen3/Sampler.h"

#include "qwen3/Error.h"

#include <algorithm>
#include <cmath>
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
  return choose(logits, {});
}

int32_t Sampler::sample(std::span<const float> values,
                        std::span<const int32_t> ids) {
  if (values.size() != ids.size())
    throw Error("sampling from " + std::to_string(values.size()) +
                " candidate logits but " + std::to_string(ids.size()) +
                " token ids");
  return choose(values, ids);
}

int32_t Sampler::choose(std::span<const float> values,
                        std::span<const int32_t> ids) {
  if (greedy() && ids.empty() && !values.empty())
    return int32_t(std::max_element(values.begin(), values.end()) -
                   values.begin());
  auto idOf = [&](int32_t i) { return ids.empty() ? i : ids[size_t(i)]; };
  // The candidates, most likely first (the lower token id on ties): all of
  // them, or the top k.
  std::vector<int32_t> order;
  order.reserve(values.size());
  for (size_t i = 0; i < values.size(); ++i)
    if (idOf(int32_t(i)) >= 0)
      order.push_back(int32_t(i));
  if (order.empty())
    throw Error("no logits to choose a token from");
  auto likelier = [&](int32_t a, int32_t b) {
    return values[size_t(a)] > values[size_t(b)] ||
           (values[size_t(a)] == values[size_t(b)] && idOf(a) < idOf(b));
  };
  if (greedy())
    return idOf(*std::min_element(order.begin(), order.end(), likelier));
  size_t kept = options.topK > 0 ? std::min(order.size(), size_t(options.topK))
                                 : order.size();
  std::partial_sort(order.begin(), order.begin() + long(kept), order.end(),
                    likelier);
  order.resize(kept);

  // Softmax of logits / temperature over the candidates, in double.
  double peak = values[size_t(order[0])];
  std::vector<double> weights(kept);
  double total = 0;
  for (size_t i = 0; i < kept; ++i)
    total += weights[i] = std::exp((double(values[size_t(order[i])]) - peak) /
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
  return idOf(order[pick(generator)]);
}
