//===- KvCache.cpp - Keys and values of every position --------------------===//

#include "KvCache.h"

#include "qwen3/Error.h"

#include "tile/runtime/Error.h"

#include <cstdio>
#include <string>

using namespace qwen3;
using tile::rt::Tensor;
using tile::rt::TensorView;

KvCache::KvCache(tile::rt::Stream &stream, const Config &config,
                 int64_t positions, tile::rt::DType dtype) {
  try {
    for (int64_t layer = 0; layer < config.numLayers; ++layer)
      for (std::vector<Tensor> *cache : {&keys, &values}) {
        Tensor tensor =
            Tensor::empty(stream.device(), dtype,
                          {positions, config.numKvHeads, config.headDim});
        // Zeros: attention never reads past the filled positions, but a
        // stale NaN there could still reach a product through a zero weight.
        tensor.fill(stream, 0.0);
        cache->push_back(std::move(tensor));
      }
  } catch (const tile::rt::Error &e) {
    // In double: the size of a cache too large to allocate may be past
    // int64_t's range.
    double bytes = 2.0 * double(config.numLayers) * double(positions) *
                   double(config.numKvHeads) * double(config.headDim) *
                   double(dtype.bytes());
    char gib[32];
    std::snprintf(gib, sizeof gib, "%.1f", bytes / double(1 << 30));
    throw Error("allocating the KV cache of " + std::to_string(positions) +
                " positions (" + gib + " GiB) on " + stream.device().name() +
                ": " + e.what() + "; a smaller --max-seq-len needs less");
  }
}

Tensor KvCache::window(const Tensor &cache, int64_t start, int64_t count) {
  TensorView rows = cache.view().slice(0, start, start + count);
  return Tensor::borrow(cache.device(), rows.address(), rows.dtype(),
                        {count, 2 * rows.shape()[1], rows.shape()[2] / 2}, {},
                        rows.memory());
}
