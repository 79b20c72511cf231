//===- Roofline.h - The fastest decode a device's memory allows -*- C++ -*-===//
//
// A decode step must read every weight it uses and the KV cache up to its
// position (Model::decodeStepBytes); at the device's copy bandwidth, which
// --bandwidth gives (the runtime does not know it), that is the shortest time
// a step can take. qwen3 --profile and qwen3-bench report decode against it.
//
//===----------------------------------------------------------------------===//

#ifndef QWEN3_TOOLS_ROOFLINE_H
#define QWEN3_TOOLS_ROOFLINE_H

#include "qwen3/Model.h"

#include <CLI/CLI.hpp>

#include <cstdint>

namespace qwen3 {

struct Roofline {
  /// Bytes per second: by default an H100's (80 GB HBM3) copy bandwidth.
  double bandwidth = 3.0e12;

  /// Adds --bandwidth to `app`.
  void add(CLI::App &app);

  /// The mean bytes of `steps` decode steps at positions first, first + 1,
  /// ...
  static double stepBytes(const Model &model, int64_t first, int64_t steps);

  /// The mean seconds of those steps at the roofline.
  double stepSeconds(const Model &model, int64_t first, int64_t steps) const {
    return stepBytes(model, first, steps) / bandwidth;
  }
};

} // namespace qwen3

#endif // QWEN3_TOOLS_ROOFLINE_H
