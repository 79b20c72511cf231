//===- KvCache.h - Keys and values of every position ------------*- C++ -*-===//
//
// Each layer's keys and values at every position of the context, on the
// model's device, token-major ([positions, kv_heads, head_dim]) as the
// attention kernels read them and the attention-input kernel writes them.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_MODEL_KVCACHE_H
#define QWEN3_MODEL_KVCACHE_H

#include "qwen3/Config.h"

#include "tile/runtime/DType.h"
#include "tile/runtime/Stream.h"
#include "tile/runtime/Tensor.h"

#include <vector>

namespace qwen3 {

/// The KV cache of one model.
struct KvCache {
  std::vector<tile::rt::Tensor> keys, values;

  /// A zeroed cache of `positions` positions of `dtype`; throws
  /// qwen3::Error, saying how large it is, when the device cannot hold it.
  KvCache(tile::rt::Stream &stream, const Config &config, int64_t positions,
          tile::rt::DType dtype);

  /// The bytes of a cache of `positions` positions of `dtype`, in double:
  /// an absurd length must not overflow the message that refuses it.
  static double bytes(const Config &config, int64_t positions,
                      tile::rt::DType dtype);

  /// Positions [start, start + count) of `cache`, for a kernel to write, as
  /// [count, 2 kv_heads, head_dim / 2]: the cache tensor keeps owning the
  /// memory; the window keeps it alive while a launch writes it.
  static tile::rt::Tensor window(const tile::rt::Tensor &cache, int64_t start,
                                 int64_t count);
};

} // namespace qwen3

#endif // QWEN3_MODEL_KVCACHE_H
