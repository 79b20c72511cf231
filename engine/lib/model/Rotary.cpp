//===- Rotary.cpp - The frequencies of a model's rotary embedding ---------===//
//
// The default rotation turns column pair i of a head of width d at
// theta^(-2i / d) radians per position. YaRN (Peng et al., 2023) stretches
// the context by `factor`: pairs that turn more than beta_fast times over
// the original context keep their frequency, those that turn fewer than
// beta_slow times are divided by the factor, and the pairs between blend
// the two linearly; cos and sin are scaled by the attention factor,
// 0.1 ln(factor) + 1 unless the config says otherwise. The values follow
// Hugging Face's _compute_yarn_parameters.
//
//===----------------------------------------------------------------------===//

#include "Rotary.h"

#include <algorithm>
#include <cmath>
#include <numbers>

using namespace qwen3;

namespace {

/// The column (in [0, d)) whose pair turns `rotations` times over
/// `positions` positions.
double columnTurning(double rotations, const Config &config,
                     int64_t positions) {
  return double(config.headDim) *
         std::log(double(positions) / (rotations * 2 * std::numbers::pi)) /
         (2 * std::log(config.ropeTheta));
}

/// YaRN's scale of cos and sin for a stretch of `factor`, with `mscale`.
double yarnScale(double factor, double mscale) {
  return factor <= 1 ? 1.0 : 0.1 * mscale * std::log(factor) + 1.0;
}

double attentionFactorOf(const Yarn &yarn) {
  if (yarn.attentionFactor)
    return *yarn.attentionFactor;
  // Zero counts as absent, as in Hugging Face's.
  if (yarn.mscale.value_or(0) != 0 && yarn.mscaleAllDim.value_or(0) != 0)
    return yarnScale(yarn.factor, *yarn.mscale) /
           yarnScale(yarn.factor, *yarn.mscaleAllDim);
  return yarnScale(yarn.factor, 1);
}

} // namespace

Rotary Rotary::of(const Config &config) {
  Rotary rotary;
  int64_t d = config.headDim, pairs = d / 2;
  auto original = [&](int64_t pair) {
    return std::pow(config.ropeTheta, -2.0 * double(pair) / double(d));
  };
  if (!config.yarn) {
    for (int64_t i = 0; i < pairs; ++i)
      rotary.inverseFrequencies.push_back(float(original(i)));
    return rotary;
  }
  const Yarn &yarn = *config.yarn;
  int64_t context = yarn.originalMaxPositionEmbeddings;
  double low = columnTurning(yarn.betaFast, config, context);
  double high = columnTurning(yarn.betaSlow, config, context);
  if (yarn.truncate) {
    low = std::floor(low);
    high = std::ceil(high);
  }
  low = std::max(low, 0.0);
  high = std::min(high, double(d - 1));
  // A ramp of no width would divide by zero.
  if (low == high)
    high += 0.001;
  for (int64_t i = 0; i < pairs; ++i) {
    // The share of the original frequency: 1 below `low`, 0 past `high`.
    double kept = 1 - std::clamp((double(i) - low) / (high - low), 0.0, 1.0);
    double frequency = original(i);
    rotary.inverseFrequencies.push_back(
        float(frequency / yarn.factor * (1 - kept) + frequency * kept));
  }
  rotary.attentionFactor = float(attentionFactorOf(yarn));
  return rotary;
}
