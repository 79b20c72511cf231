//===- MemoryFitTest.cpp - Whether a model fits in a GPU's memory ---------===//

#include "KvCache.h"
#include "MemoryFit.h"
#include "Weights.h"

#include <gtest/gtest.h>

using namespace qwen3;
using tile::rt::DeviceMemory;

namespace {

constexpr int64_t kGiB = int64_t(1) << 30;

/// Every size counted once: vocabulary 10, hidden 4, 2 query heads and 1
/// key/value head of 2, intermediate 6, one layer.
Config tinyConfig(bool tied) {
  Config config;
  config.vocabSize = 10;
  config.hiddenSize = 4;
  config.numHeads = 2;
  config.numKvHeads = 1;
  config.headDim = 2;
  config.intermediateSize = 6;
  config.numLayers = 1;
  config.tieWordEmbeddings = tied;
  return config;
}

TEST(MemoryFit, CountsEveryWeightOnce) {
  // Embedding 40; norms 4 + 4; q/k/v 8 x 4; q and k norms 2 + 2; output
  // 4 x 4; gate and up 12 x 4; down 4 x 6; final norm 4: 176 elements.
  EXPECT_EQ(Weights::bytes(tinyConfig(true), "bf16"), 176 * 2);
  EXPECT_EQ(Weights::bytes(tinyConfig(true), "f32"), 176 * 4);
  // An untied head adds its own 10 x 4.
  EXPECT_EQ(Weights::bytes(tinyConfig(false), "bf16"), 216 * 2);
}

TEST(MemoryFit, CountsKeysAndValuesOfEveryLayer) {
  Config config = tinyConfig(true);
  config.numLayers = 3;
  EXPECT_EQ(KvCache::bytes(config, 100, "bf16"), 2 * 3 * 100 * 1 * 2 * 2);
}

TEST(MemoryFit, CountsSizesPastSixtyFourBitsWithoutOverflow) {
  Config config = tinyConfig(true);
  config.numLayers = Config::kMaxLayers;
  config.numKvHeads = Config::kMaxHeads;
  config.headDim = Config::kMaxWidth;
  // 2 x 2^12 x (2^31 - 1) x 2^16 x 2^20 x 4 bytes: past 2^63.
  double bytes = KvCache::bytes(config, Config::kMaxPositions, "f32");
  EXPECT_GT(bytes, 9.2e18);
  EXPECT_TRUE(memoryShortfall(0, bytes, Config::kMaxPositions,
                              DeviceMemory{80 * kGiB, 80 * kGiB}, "cuda:0"));
}

TEST(MemoryFit, SaysNothingWhenTheModelFits) {
  EXPECT_FALSE(memoryShortfall(8 * kGiB, 4 * kGiB, 4096,
                               DeviceMemory{12 * kGiB, 80 * kGiB}, "cuda:0"));
}

TEST(MemoryFit, NamesTheSizesAndTheLongestCacheThatFits) {
  std::optional<std::string> why = memoryShortfall(
      8 * kGiB, 4 * kGiB, 4096, DeviceMemory{10 * kGiB, 80 * kGiB}, "cuda:0");
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "the model needs 8.0 GiB for its weights and 4.0 GiB for a "
                  "KV cache of 4096 positions, 12.0 GiB in all, but cuda:0 "
                  "has 10.0 GiB free of 80.0 GiB; a --max-seq-len of at most "
                  "2048 fits");
}

TEST(MemoryFit, SaysWhenTheWeightsAloneDoNotFit) {
  std::optional<std::string> why = memoryShortfall(
      65 * kGiB, kGiB, 1024, DeviceMemory{60 * kGiB, 80 * kGiB}, "cuda:1");
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("but cuda:1 has 60.0 GiB free of 80.0 GiB; the weights "
                      "alone need a GPU with more free memory"),
            std::string::npos)
      << *why;
  // Exactly the free memory for the weights leaves none for the cache.
  EXPECT_TRUE(memoryShortfall(60.0 * kGiB, 1, 1,
                              DeviceMemory{60 * kGiB, 80 * kGiB}, "cuda:0"));
}

TEST(MemoryFit, WritesGibibytes) {
  EXPECT_EQ(gibibytes(0), "0.0 GiB");
  EXPECT_EQ(gibibytes(3 * kGiB / 2), "1.5 GiB");
}

} // namespace
