//===- KvCacheTest.cpp - Keys and values of every position ----------------===//

#include "KvCache.h"

#include "qwen3/Error.h"

#include "tile/runtime/Device.h"
#include "tile/runtime/Stream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

using namespace qwen3;
using tile::rt::Device;
using tile::rt::Stream;
using tile::rt::Tensor;

namespace {

Config smallConfig() {
  Config config;
  config.numLayers = 3;
  config.numKvHeads = 2;
  config.headDim = 8;
  return config;
}

TEST(KvCache, HoldsZeroedKeysAndValuesPerLayerTokenMajor) {
  Stream stream(Device::host());
  KvCache cache(stream, smallConfig(), 5, "f32");
  ASSERT_EQ(cache.keys.size(), 3u);
  ASSERT_EQ(cache.values.size(), 3u);
  for (const std::vector<Tensor> *tensors : {&cache.keys, &cache.values})
    for (const Tensor &tensor : *tensors) {
      EXPECT_EQ(tensor.view().shape(), (std::vector<int64_t>{5, 2, 8}));
      std::vector<float> values = tensor.toHost<float>(stream);
      EXPECT_EQ(values.size(), 80u);
      EXPECT_TRUE(std::all_of(values.begin(), values.end(),
                              [](float value) { return value == 0.0f; }));
    }
}

TEST(KvCache, AWindowIsTheRowsItNamesAndNoOthers) {
  Stream stream(Device::host());
  KvCache cache(stream, smallConfig(), 5, "f32");
  const Tensor &keys = cache.keys[1];
  Tensor window = KvCache::window(keys, 1, 3);
  // [count, 2 kv_heads, head_dim / 2]: the same bytes as [count, kv_heads,
  // head_dim].
  EXPECT_EQ(window.view().shape(), (std::vector<int64_t>{3, 4, 4}));
  window.fill(stream, 1.0);
  std::vector<float> rows = keys.toHost<float>(stream);
  const int64_t rowElements = 2 * 8;
  for (int64_t position = 0; position < 5; ++position) {
    float expected = position >= 1 && position < 4 ? 1.0f : 0.0f;
    for (int64_t i = 0; i < rowElements; ++i)
      ASSERT_EQ(rows[position * rowElements + i], expected)
          << "position " << position << ", element " << i;
  }
  // The other layers' caches are untouched.
  std::vector<float> other = cache.keys[0].toHost<float>(stream);
  EXPECT_TRUE(std::all_of(other.begin(), other.end(),
                          [](float value) { return value == 0.0f; }));
}

TEST(KvCache, ACacheTheDeviceCannotHoldIsRefusedWithItsSize) {
  Stream stream(Device::host());
  try {
    KvCache cache(stream, smallConfig(), int64_t(1) << 56, "f32");
    FAIL() << "a cache of 2^62 bytes per layer was allocated";
  } catch (const Error &e) {
    std::string message = e.what();
    EXPECT_NE(message.find("allocating the KV cache of 72057594037927936 "
                           "positions"),
              std::string::npos)
        << message;
    // 2 * 3 layers * 2^56 positions * 2 heads * 8 * 4 bytes, past int64_t.
    EXPECT_NE(message.find("(25769803776.0 GiB) on host"), std::string::npos)
        << message;
    EXPECT_NE(message.find("a smaller --max-seq-len needs less"),
              std::string::npos)
        << message;
  }
}

} // namespace
