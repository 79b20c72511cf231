//===- MemoryFit.h - Whether a model fits in a GPU's memory -----*- C++ -*-===//
//
// Loading a large model takes minutes; a GPU that cannot hold it should say
// so before the first byte moves, with the sizes involved.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_MODEL_MEMORYFIT_H
#define QWEN3_MODEL_MEMORYFIT_H

#include "tile/runtime/Backend.h"

#include <cstdint>
#include <optional>
#include <string>

namespace qwen3 {

/// `bytes` in GiB with one decimal, as "4.5 GiB".
std::string gibibytes(double bytes);

/// Why weights of `weightBytes` and a KV cache of `positions` positions
/// (`cacheBytes`) do not fit in the free memory of `memory` on the device
/// `deviceName`, with the remedy; nothing when they fit.
std::optional<std::string> memoryShortfall(double weightBytes,
                                           double cacheBytes, int64_t positions,
                                           const tile::rt::DeviceMemory &memory,
                                           const std::string &deviceName);

} // namespace qwen3

#endif // QWEN3_MODEL_MEMORYFIT_H
