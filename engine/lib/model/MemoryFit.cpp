//===- MemoryFit.cpp - Whether a model fits in a GPU's memory -------------===//

#include "MemoryFit.h"

#include <cstdio>

std::string qwen3::gibibytes(int64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(1 << 30));
  return text;
}

std::optional<std::string>
qwen3::memoryShortfall(int64_t weightBytes, int64_t cacheBytes,
                       int64_t positions, const tile::rt::DeviceMemory &memory,
                       const std::string &deviceName) {
  uint64_t needed = uint64_t(weightBytes) + uint64_t(cacheBytes);
  if (needed <= memory.free)
    return std::nullopt;
  std::string why =
      "the model needs " + gibibytes(weightBytes) + " for its weights and " +
      gibibytes(cacheBytes) + " for a KV cache of " +
      std::to_string(positions) + " positions, " + gibibytes(int64_t(needed)) +
      " in all, but " + deviceName + " has " + gibibytes(int64_t(memory.free)) +
      " free of " + gibibytes(int64_t(memory.total));
  if (uint64_t(weightBytes) >= memory.free)
    return why + "; the weights alone need a GPU with more free memory";
  return why + "; a --max-seq-len of at most " +
         std::to_string(int64_t((memory.free - uint64_t(weightBytes)) /
                                uint64_t(cacheBytes / positions))) +
         " fits";
}
