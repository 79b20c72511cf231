//===- MemoryFit.cpp - Whether a model fits in a GPU's memory -------------===//

#include "MemoryFit.h"

#include <cstdio>

std::string qwen3::gibibytes(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", bytes / double(1 << 30));
  return text;
}

std::optional<std::string>
qwen3::memoryShortfall(double weightBytes, double cacheBytes, int64_t positions,
                       const tile::rt::DeviceMemory &memory,
                       const std::string &deviceName) {
  double needed = weightBytes + cacheBytes, free = double(memory.free);
  if (needed <= free)
    return std::nullopt;
  std::string why = "the model needs " + gibibytes(weightBytes) +
                    " for its weights and " + gibibytes(cacheBytes) +
                    " for a KV cache of " + std::to_string(positions) +
                    " positions, " + gibibytes(needed) + " in all, but " +
                    deviceName + " has " + gibibytes(free) + " free of " +
                    gibibytes(double(memory.total));
  if (weightBytes >= free)
    return why + "; the weights alone need a GPU with more free memory";
  double perPosition = cacheBytes / double(positions);
  return why + "; a --max-seq-len of at most " +
         std::to_string(int64_t((free - weightBytes) / perPosition)) + " fits";
}
