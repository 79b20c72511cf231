//===- Rotary.cpp - The frequencies of a model's rotary embedding ---------===//

#include "Rotary.h"

#include <cmath>

using namespace qwen3;

Rotary Rotary::of(const Config &config) {
  Rotary rotary;
  int64_t pairs = config.headDim / 2;
  for (int64_t i = 0; i < pairs; ++i)
    rotary.inverseFrequencies.push_back(float(std::pow(
        config.ropeTheta, -2.0 * double(i) / double(config.headDim))));
  return rotary;
}
