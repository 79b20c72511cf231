//===- SamplingFlags.h - The sampling flags of the programs ---*- C++ -*-===//
//-*-===//
//
// --temperature, --top-k, --top-p and --seed, each given or left to a
// default that the program chooses (the checkpoint's generation_config.json
// for qwen3, greedy for qwen3-bench).
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_TOOLS_SAMPLINGFLAGS_H
#define QWEN3_TOOLS_SAMPLINGFLAGS_H

#include "qwen3/Sampler.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace qwen3 {

struct SamplingFlags {
  std::optional<double> temperature, topP;
  std::optional<int64_t> topK;
  uint64_t seed = 0;

  /// Adds the flags to `app`; `defaults` tells --help where unset ones come
  /// from.
  void add(CLI::App &app, const std::string &defaults);

  /// `defaults` with the flags that were given, and the seed.
  SamplingOptions over(SamplingOptions defaults) const;
};

} // namespace qwen3

#endif // QWEN3_TOOLS_SAMPLINGFLAGS_H
