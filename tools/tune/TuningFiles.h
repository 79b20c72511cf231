//===- TuningFiles.h - The files tile-tune reads and writes -----*- C++ -*-===//
//
// tile-tune reads the tuning space that `tilecc --emit=tuning-space` wrote
// and writes tuning records that tilecc --tuning-records reads
// (docs/tuning.md describes both).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TUNE_TUNINGFILES_H
#define TILE_TOOLS_TUNE_TUNINGFILES_H

#include "tile/formats/TuningSpace.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace tile::tune {

using formats::SpaceConfig;
using formats::SpaceKernel;
using formats::TuningSpace;

/// Kernel `name` of `space`; with an empty name, the only one. Throws Error
/// listing the kernels otherwise.
const SpaceKernel &findKernel(const TuningSpace &space,
                              const std::string &name);

/// Reads a tuning space file; throws Error naming the file and what is
/// wrong.
TuningSpace readTuningSpace(const std::filesystem::path &path);

/// The measurements of one configuration: milliseconds per problem, or why
/// it was rejected (it failed to load or launch, or its results differed
/// from the written configuration's).
struct ConfigTiming {
  std::vector<double> milliseconds;
  std::string rejected;
};

/// The index of the configuration with the least geometric mean time over
/// the problems, among those not rejected; throws Error if all were.
size_t fastest(std::span<const ConfigTiming> timings);

/// Everything a record says.
struct RecordFacts {
  std::string device, driver, date;
  std::vector<std::string> problems;
};

/// The record of `kernel` tuned as `timings` (one per configuration) say.
nlohmann::json makeRecord(const TuningSpace &space, const SpaceKernel &kernel,
                          std::span<const ConfigTiming> timings,
                          const RecordFacts &facts);

/// Adds `record` to the records file at `path` (created if missing), in
/// place of a record of the same kernel, device and architecture. A file
/// that is not a records file throws Error and is left as it is.
void storeRecord(const std::filesystem::path &path,
                 const nlohmann::json &record);

} // namespace tile::tune

#endif // TILE_TOOLS_TUNE_TUNINGFILES_H
