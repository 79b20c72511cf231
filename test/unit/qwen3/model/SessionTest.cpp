//===- SessionTest.cpp - Generation over the KV cache in host mode --------===//

#include "SmallCheckpoint.h"

#include "qwen3/Error.h"
#include "qwen3/Session.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace qwen3;
using tile::rt::Device;

namespace {

class SessionTest : public ::testing::Test {
protected:
  Model model = Model::load(Device::host(), test::smallCheckpoint(), 48, {});
  Sampler greedy{SamplingOptions{}};

  /// Greedy continuation of `context` by `count` tokens, each from a
  /// forward pass over the whole sequence so far: no cache reuse at all.
  std::vector<int32_t> uncached(std::vector<int32_t> context, int count) {
    Model fresh = Model::load(Device::host(), test::smallCheckpoint(), 48, {});
    std::vector<int32_t> generated;
    for (int i = 0; i < count; ++i) {
      std::vector<float> logits =
          fresh.forward(context, 0).toHost<float>(fresh.stream());
      auto next = int32_t(std::max_element(logits.begin(), logits.end()) -
                          logits.begin());
      generated.push_back(next);
      context.push_back(next);
    }
    return generated;
  }

  std::vector<int32_t> run(Session &session, std::span<const int32_t> context,
                           const GenerationOptions &options,
                           GenerationStats *stats = nullptr,
                           Sampler *sampler = nullptr) {
    std::vector<int32_t> tokens;
    GenerationStats result = session.generate(
        context, sampler ? *sampler : greedy, options, [&](int32_t token) {
          tokens.push_back(token);
          return true;
        });
    if (stats)
      *stats = result;
    return tokens;
  }
};

} // namespace

TEST_F(SessionTest, GreedyDecodingMatchesFullForwardPasses) {
  std::vector<int32_t> prompt = test::randomTokens(10, 21);
  Session session(model);
  GenerationStats stats;
  // A prefill chunk of 4 tokens: the prompt runs in three passes.
  std::vector<int32_t> tokens =
      run(session, prompt, {.maxNewTokens = 6, .prefillChunk = 4}, &stats);
  EXPECT_EQ(tokens, uncached(prompt, 6));
  EXPECT_EQ(stats.promptTokens, 10);
  EXPECT_EQ(stats.reusedTokens, 0);
  EXPECT_EQ(stats.generatedTokens, 6);
  EXPECT_EQ(stats.stopReason, StopReason::TokenBudget);
  // The cache holds the prompt and every generated token but the last.
  EXPECT_EQ(session.cachedTokens().size(), 15u);
}

TEST_F(SessionTest, DeviceArgmaxGivesTheSameTokens) {
  std::vector<int32_t> prompt = test::randomTokens(7, 22);
  Session onHost(model);
  std::vector<int32_t> host = run(onHost, prompt, {.maxNewTokens = 5});
  Model other = Model::load(Device::host(), test::smallCheckpoint(), 48, {});
  Session onDevice(other);
  EXPECT_EQ(run(onDevice, prompt, {.maxNewTokens = 5, .deviceArgmax = true}),
            host);
}

TEST_F(SessionTest, SamplingFromTheTopKOnTheDeviceChoosesAsTheHostDoes) {
  std::vector<int32_t> prompt = test::randomTokens(7, 23);
  SamplingOptions options{
      .temperature = 0.7, .topK = 20, .topP = 0.9, .seed = 11};
  Session session(model);
  Sampler sampler(options);
  std::vector<int32_t> tokens =
      run(session, prompt, {.maxNewTokens = 8, .topKOnDevice = true}, nullptr,
          &sampler);
  // The same passes, each token chosen from every logit on the host.
  Model other = Model::load(Device::host(), test::smallCheckpoint(), 48, {});
  Sampler onHost(options);
  auto position = int64_t(prompt.size());
  std::vector<int32_t> expected = {
      onHost.sample(other.forward(prompt, 0).toHost<float>(other.stream()))};
  while (expected.size() < tokens.size()) {
    tile::rt::Tensor logits =
        other.forward(std::span(&expected.back(), 1), position++);
    expected.push_back(onHost.sample(logits.toHost<float>(other.stream())));
  }
  EXPECT_EQ(tokens.size(), 8u);
  EXPECT_EQ(tokens, expected);
}

TEST_F(SessionTest, ReusesTheCachedStartOfTheContext) {
  std::vector<int32_t> prompt = test::randomTokens(8, 23);
  Session session(model);
  std::vector<int32_t> first = run(session, prompt, {.maxNewTokens = 3});
  // The next turn: the old context, its answer, and more.
  std::vector<int32_t> context = prompt;
  context.insert(context.end(), first.begin(), first.end());
  std::vector<int32_t> more = test::randomTokens(4, 24);
  context.insert(context.end(), more.begin(), more.end());
  GenerationStats stats;
  std::vector<int32_t> second =
      run(session, context, {.maxNewTokens = 3}, &stats);
  // All but the last answer token were in the cache.
  EXPECT_EQ(stats.reusedTokens, 10);
  EXPECT_EQ(second, uncached(context, 3));
}

TEST_F(SessionTest, StopsAtStopTokensUnlessTold) {
  std::vector<int32_t> prompt = test::randomTokens(6, 25);
  // Sampled, as greedy picks from a random model repeat one token.
  SamplingOptions sampling{.temperature = 1.0, .seed = 5};
  Sampler sampler(sampling);
  Session free(model);
  std::vector<int32_t> unstopped =
      run(free, prompt, {.maxNewTokens = 6}, nullptr, &sampler);
  // The first token unlike the first one stops generation.
  auto stop =
      std::find_if(unstopped.begin(), unstopped.end(),
                   [&](int32_t token) { return token != unstopped[0]; });
  ASSERT_NE(stop, unstopped.end());

  Sampler again(sampling);
  Session session(model);
  GenerationStats stats;
  std::vector<int32_t> tokens =
      run(session, prompt, {.maxNewTokens = 6, .stopTokens = {*stop}}, &stats,
          &again);
  EXPECT_EQ(tokens, std::vector<int32_t>(unstopped.begin(), stop + 1));
  EXPECT_EQ(stats.stopReason, StopReason::StopToken);

  Sampler ignoring(sampling);
  Session past(model);
  EXPECT_EQ(
      run(past, prompt,
          {.maxNewTokens = 6, .stopTokens = {*stop}, .ignoreStopTokens = true},
          nullptr, &ignoring),
      unstopped);
}

TEST_F(SessionTest, StopsWhenTheContextIsFull) {
  std::vector<int32_t> prompt = test::randomTokens(45, 26);
  Session session(model);
  GenerationStats stats;
  std::vector<int32_t> tokens =
      run(session, prompt, {.maxNewTokens = 10}, &stats);
  // Positions 45, 46 and 47 run; the token after the last is still given.
  EXPECT_EQ(tokens.size(), 4u);
  EXPECT_EQ(stats.stopReason, StopReason::ContextFull);
}

TEST_F(SessionTest, RejectsPromptsThatLeaveNoRoom) {
  Session session(model);
  std::vector<int32_t> prompt = test::randomTokens(48, 27);
  try {
    run(session, prompt, {});
    FAIL() << "48 tokens leave no room in 48 positions";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("--max-seq-len"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(run(session, {}, {}), Error);
}
