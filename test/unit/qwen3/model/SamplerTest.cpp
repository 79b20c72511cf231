//===- SamplerTest.cpp - Choosing tokens from logits ----------------------===//

#include "qwen3/Sampler.h"
#include "qwen3/Error.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace qwen3;

TEST(Sampler, GreedyTakesTheFirstLargestLogit) {
  Sampler sampler({});
  EXPECT_TRUE(sampler.greedy());
  std::vector<float> logits = {0.5f, 3.0f, -1.0f, 3.0f};
  EXPECT_EQ(sampler.sample(logits), 1);
}

TEST(Sampler, TheSameSeedGivesTheSameTokens) {
  std::vector<float> logits(50);
  for (size_t i = 0; i < logits.size(); ++i)
    logits[i] = float(std::sin(double(i)));
  SamplingOptions options{.temperature = 1.0, .seed = 7};
  Sampler a(options), b(options);
  options.seed = 8;
  Sampler c(options);
  std::vector<int32_t> first, second, third;
  for (int i = 0; i < 40; ++i) {
    first.push_back(a.sample(logits));
    second.push_back(b.sample(logits));
    third.push_back(c.sample(logits));
  }
  EXPECT_EQ(first, second);
  EXPECT_NE(first, third);
}

TEST(Sampler, FollowsTheSoftmaxOfLogitsOverTemperature) {
  // p(1) = 3 / (1 + 3) at temperature 1; at temperature 2, sqrt(3) / (1 +
  // sqrt(3)).
  std::vector<float> logits = {0.0f, float(std::log(3.0))};
  for (double temperature : {1.0, 2.0}) {
    Sampler sampler({.temperature = temperature, .seed = 1});
    int ones = 0, draws = 20000;
    for (int i = 0; i < draws; ++i)
      ones += sampler.sample(logits);
    double expected =
        std::pow(3.0, 1 / temperature) / (1 + std::pow(3.0, 1 / temperature));
    EXPECT_NEAR(double(ones) / draws, expected, 0.015) << temperature;
  }
}

TEST(Sampler, TopKAndTopPKeepOnlyTheLikeliest) {
  std::vector<float> logits = {1.0f, 4.0f, 3.9f, 0.0f, 3.8f};
  Sampler topK({.temperature = 1.0, .topK = 2, .seed = 3});
  Sampler topP({.temperature = 1.0, .topP = 0.3, .seed = 3});
  for (int i = 0; i < 500; ++i) {
    int32_t k = topK.sample(logits);
    EXPECT_TRUE(k == 1 || k == 2) << k;
    // The likeliest token alone holds about 0.36 of the mass.
    EXPECT_EQ(topP.sample(logits), 1);
  }
}

TEST(Sampler, CandidatesHoldingTheTopKChooseAsAllLogitsDo) {
  std::vector<float> logits(300);
  for (size_t i = 0; i < logits.size(); ++i)
    logits[i] = float(std::sin(double(i) * 0.37) * 4.0);
  logits[17] = logits[250] = 9.0f; // equal: token 17 is the likelier
  // The 40 likeliest tokens and a few others, shuffled, and empty places.
  std::vector<int32_t> order(logits.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = int32_t(i);
  std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
    return logits[size_t(a)] > logits[size_t(b)];
  });
  std::vector<int32_t> ids(order.begin(), order.begin() + 50);
  std::reverse(ids.begin(), ids.end());
  std::swap(ids[3], ids[41]);
  ids.insert(ids.begin() + 5, {-1, -1});
  std::vector<float> values;
  for (int32_t id : ids)
    values.push_back(id < 0 ? -3.4e38f : logits[size_t(id)]);
  for (SamplingOptions options :
       {SamplingOptions{.temperature = 0.8, .topK = 20, .topP = 0.9, .seed = 5},
        SamplingOptions{.temperature = 1.5, .topK = 40, .seed = 6},
        SamplingOptions{}}) {
    Sampler all(options), candidates(options);
    for (int i = 0; i < 200; ++i)
      ASSERT_EQ(candidates.sample(values, ids), all.sample(logits)) << i;
  }
  Sampler sampler({});
  EXPECT_THROW(sampler.sample(values, std::span(ids).first(3)), Error);
  std::vector<int32_t> none = {-1, -1};
  EXPECT_THROW(sampler.sample(std::span(values).first(2), none), Error);
}

TEST(Sampler, RejectsOptionsOutOfRange) {
  EXPECT_THROW(Sampler({.temperature = -1.0}), Error);
  EXPECT_THROW(Sampler({.temperature = NAN}), Error);
  EXPECT_THROW(Sampler({.topK = -2}), Error);
  EXPECT_THROW(Sampler({.topP = 0.0}), Error);
  EXPECT_THROW(Sampler({.topP = 1.5}), Error);
  Sampler greedy({});
  EXPECT_THROW(greedy.sample({}), Error);
}
