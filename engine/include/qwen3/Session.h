//===- Session.h - Generating text with a model's KV cache ------*- C++ -*-===//
//
// A conversation with one model: each generate() call gets the whole
// context so far, reuses the part of it that the KV cache already holds,
// prefills the rest in chunks, and decodes new tokens one at a time until a
// stop token, the token budget or the end of the cache.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_SESSION_H
#define QWEN3_SESSION_H

#include "qwen3/Model.h"
#include "qwen3/Sampler.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace qwen3 {

/// What one generate() call does.
struct GenerationOptions {
  /// The most tokens to generate.
  int64_t maxNewTokens = 256;
  /// Generation ends after any of these (which is kept in the context).
  std::vector<int32_t> stopTokens;
  /// Keeps generating past stop tokens (benchmarks).
  bool ignoreStopTokens = false;
  /// Greedy picks run on the device: one id comes back instead of a row of
  /// logits.
  bool deviceArgmax = false;
  /// Sampling from the top k (k <= Model::kMaxTopK) reads candidates found
  /// on the device (Model::topKCandidates) instead of every logit: the same
  /// choice. Default: on a GPU only (in host mode sorting every logit is
  /// faster).
  std::optional<bool> topKOnDevice;
  /// The most prompt tokens one forward pass takes: long chunks keep the
  /// GPU full (H100, a 2048-token prompt: 0.6B prefills 1.73x, 4B 1.13x as
  /// fast in one chunk as in chunks of 512).
  int64_t prefillChunk = 2048;
};

/// Why generation ended.
enum class StopReason { StopToken, TokenBudget, ContextFull, Caller };

/// What one generate() call did, and how fast.
struct GenerationStats {
  /// Context tokens given, of which the cache already held `reusedTokens`.
  int64_t promptTokens = 0, reusedTokens = 0;
  /// Tokens generated.
  int64_t generatedTokens = 0;
  /// Wall-clock seconds of the prefill (to the first token) and of the
  /// decode steps after it.
  double prefillSeconds = 0, decodeSeconds = 0;
  StopReason stopReason = StopReason::TokenBudget;

  /// Prompt tokens prefilled per second.
  double prefillTokensPerSecond() const;
  /// Tokens decoded per second, after the first.
  double decodeTokensPerSecond() const;
};

/// "stop token", "token budget", "context full", "stopped".
std::string describe(StopReason reason);

/// A model and the tokens its KV cache holds.
class Session {
public:
  explicit Session(Model &model) : model(model) {}

  /// Continues `context` (the whole conversation so far, whose start may be
  /// what the cache holds), calling `onToken` with each new token; it
  /// returns false to stop. Throws qwen3::Error when the context does not fit
  /// the cache with room for one new token.
  GenerationStats generate(std::span<const int32_t> context, Sampler &sampler,
                           const GenerationOptions &options,
                           const std::function<bool(int32_t)> &onToken);

  /// The tokens whose keys and values the cache holds (the last token
  /// generated is not among them until it is run).
  std::span<const int32_t> cachedTokens() const { return cached; }

private:
  /// The next token after logits [1, vocab].
  int32_t choose(const tile::rt::Tensor &logits, Sampler &sampler,
                 const GenerationOptions &options);

  Model &model;
  std::vector<int32_t> cached;
};

} // namespace qwen3

#endif // QWEN3_SESSION_H
