//===- Roofline.cpp - The fastest decode a device's memory allows ---------===//

#include "Roofline.h"

#include "tile/cli/NumberChecks.h"

using namespace qwen3;

void Roofline::add(CLI::App &app) {
  app.add_option("--bandwidth", bandwidth,
                 "The device's memory bandwidth in bytes per second, for the "
                 "decode roofline: the bytes a step must read (its weights "
                 "and the KV cache up to its position) over it (default: "
                 "3.0e12, an H100's)")
      ->check(tile::cli::positive<double>());
}

double Roofline::stepBytes(const Model &model, int64_t first, int64_t steps) {
  double bytes = 0;
  for (int64_t position = first; position < first + steps; ++position)
    bytes += model.decodeStepBytes(position);
  return steps > 0 ? bytes / double(steps) : 0.0;
}
