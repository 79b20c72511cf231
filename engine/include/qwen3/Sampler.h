//===- Sampler.h - Picking the next token from logits -----------*- C++ -*-===//
//
// Greedy decoding, or sampling with temperature, top-k and top-p (nucleus)
// from a seeded generator: the same seed and logits give the same tokens.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_SAMPLER_H
#define QWEN3_SAMPLER_H

#include <cstdint>
#include <random>
#include <span>

namespace qwen3 {

/// How the next token is chosen.
struct SamplingOptions {
  /// Divides the logits before the softmax; 0 picks the largest logit
  /// (greedy).
  double temperature = 0.0;
  /// Keeps the k most likely tokens; 0 keeps all.
  int64_t topK = 0;
  /// Keeps the fewest most likely tokens whose probabilities sum to at least
  /// p; 1 keeps all.
  double topP = 1.0;
  /// Seeds the generator.
  uint64_t seed = 0;
};

/// Chooses tokens from logits. Throws qwen3::Error for options out of range.
class Sampler {
public:
  explicit Sampler(const SamplingOptions &options);

  /// Whether the choice is the largest logit (which the device can find).
  bool greedy() const { return options.temperature == 0.0; }
  /// The candidates a choice looks at: the k most likely tokens, or 0 for
  /// all of them.
  int64_t topK() const { return options.topK; }

  /// The next token for one row of logits.
  int32_t sample(std::span<const float> logits);
  /// The same choice from candidates (logit values[i] of token ids[i]) that
  /// hold the row's topK() most likely tokens, in any order; ids of -1 are
  /// no candidates.
  int32_t sample(std::span<const float> values, std::span<const int32_t> ids);

private:
  /// The choice among candidates; `ids` empty: candidate i is token i.
  int32_t choose(std::span<const float> values, std::span<const int32_t> ids);

  SamplingOptions options;
  std::mt19937_64 generator;
};

} // namespace qwen3

#endif // QWEN3_SAMPLER_H
