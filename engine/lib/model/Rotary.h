//===- Rotary.h - The frequencies of a model's rotary embedding -*- C++ -*-===//
//
// What the attention-input kernel for any shapes rotates q and k by, as
// Hugging Face's Qwen3 computes it from the config: an inverse frequency per
// pair of a head's columns (the angle at position p is p times it) and a
// factor that scales cos and sin.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_MODEL_ROTARY_H
#define QWEN3_MODEL_ROTARY_H

#include "qwen3/Config.h"

#include <vector>

namespace qwen3 {

struct Rotary {
  /// head_dim / 2 values, in f32 as the reference model keeps them.
  std::vector<float> inverseFrequencies;
  float attentionFactor = 1;

  static Rotary of(const Config &config);
};

} // namespace qwen3

#endif // QWEN3_MODEL_ROTARY_H
