//===- Session.cpp - Generating text with a model's KV cache --------------===//

#include "qwen3/Session.h"

#include "qwen3/Error.h"

#include <algorithm>
#include <chrono>

using namespace qwen3;
using tile::rt::Stream;
using tile::rt::Tensor;

namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

} // namespace

double GenerationStats::prefillTokensPerSecond() const {
  int64_t prefilled = promptTokens - reusedTokens;
  return prefillSeconds > 0 ? double(prefilled) / prefillSeconds : 0.0;
}

double GenerationStats::decodeTokensPerSecond() const {
  return decodeSeconds > 0 && generatedTokens > 1
             ? double(generatedTokens - 1) / decodeSeconds
             : 0.0;
}

std::string qwen3::describe(StopReason reason) {
  switch (reason) {
  case StopReason::StopToken:
    return "stop token";
  case StopReason::TokenBudget:
    return "token budget";
  case StopReason::ContextFull:
    return "context full";
  case StopReason::Caller:
    return "stopped";
  }
  return "unknown";
}

int32_t Session::choose(const Tensor &logits, Sampler &sampler,
                        const GenerationOptions &options) {
  Stream &stream = model.stream();
  if (options.deviceArgmax && sampler.greedy())
    return model.argmax(logits.view()).toHost<int32_t>(stream)[0];
  // Sampling from the top k reads the device's candidates, not every logit
  // (a vocabulary's 600 KB, sorted on the host): the same choice.
  bool topKOnDevice = options.topKOnDevice.value_or(!stream.device().isHost());
  if (topKOnDevice && !sampler.greedy() && sampler.topK() > 0 &&
      sampler.topK() <= Model::kMaxTopK) {
    auto [values, ids] = model.topKCandidates(logits.view());
    return sampler.sample(values.toHost<float>(stream),
                          ids.toHost<int32_t>(stream));
  }
  return sampler.sample(logits.toHost<float>(stream));
}

GenerationStats Session::generate(std::span<const int32_t> context,
                                  Sampler &sampler,
                                  const GenerationOptions &options,
                                  const std::function<bool(int32_t)> &onToken) {
  auto length = int64_t(context.size());
  if (length == 0)
    throw Error("generation needs at least one context token");
  if (length >= model.maxSeqLen())
    throw Error("the prompt has " + std::to_string(length) +
                " tokens, which leaves no room in a context of " +
                std::to_string(model.maxSeqLen()) +
                " (--max-seq-len) for a new token");
  if (options.prefillChunk < 1)
    throw Error("the prefill chunk must be at least one token");
  GenerationStats stats;
  stats.promptTokens = length;
  // The cache keeps the common start of the old and the new context; the
  // last context token always runs again, for its logits.
  auto common = int64_t(std::mismatch(cached.begin(), cached.end(),
                                      context.begin(), context.end())
                            .first -
                        cached.begin());
  stats.reusedTokens = std::min(common, length - 1);
  cached.assign(context.begin(), context.end());

  auto start = std::chrono::steady_clock::now();
  Tensor logits;
  for (int64_t at = stats.reusedTokens; at < length;
       at += options.prefillChunk) {
    int64_t count = std::min(options.prefillChunk, length - at);
    logits = model.forward(context.subspan(size_t(at), size_t(count)), at);
  }
  int32_t token = choose(logits, sampler, options);
  stats.prefillSeconds = secondsSince(start);

  start = std::chrono::steady_clock::now();
  while (true) {
    ++stats.generatedTokens;
    if (!onToken(token)) {
      stats.stopReason = StopReason::Caller;
      break;
    }
    if (!options.ignoreStopTokens &&
        std::find(options.stopTokens.begin(), options.stopTokens.end(),
                  token) != options.stopTokens.end()) {
      stats.stopReason = StopReason::StopToken;
      break;
    }
    if (stats.generatedTokens >= options.maxNewTokens) {
      stats.stopReason = StopReason::TokenBudget;
      break;
    }
    auto position = int64_t(cached.size());
    if (position >= model.maxSeqLen()) {
      stats.stopReason = StopReason::ContextFull;
      break;
    }
    logits = model.forward(std::span(&token, 1), position);
    cached.push_back(token);
    token = choose(logits, sampler, options);
  }
  stats.decodeSeconds = secondsSince(start);
  return stats;
}
