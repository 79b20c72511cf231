//===- TuningFiles.h - The files tile-tune reads and writes -----*- C++ -*-===//
//
// tile-tune reads the tuning space that `tilecc --emit=tuning-space` wrote
// and writes tuning records that tilecc --tuning-records reads
// (docs/tuning.md describes both).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TOOLS_TUNE_TUNINGFILES_H
#define TILE_TOOLS_TUNE_TUNINGFILES_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace tile::tune {

/// One configuration of a tunable kernel, compiled or not.
struct SpaceConfig {
  /// Each tunable parameter and its value, in the space's order.
  std::vector<std::pair<std::string, int64_t>> values;
  /// The kernel's C++ name, its cache entry and its hash; empty if it did
  /// not compile.
  std::string name, key, kernelHash;
  /// Why it did not compile.
  std::string error;

  /// "BM=128 BN=256", for tables.
  std::string text() const;
};

/// A written instantiation and its configurations, the written one first.
struct SpaceKernel {
  std::string kernel;
  std::string space;
  std::vector<SpaceConfig> configs;
};

struct TuningSpace {
  std::string compiler;
  std::string arch;
  std::vector<SpaceKernel> kernels;

  /// Kernel `name`; with an empty name, the only one. Throws Error listing
  /// the kernels otherwise.
  const SpaceKernel &kernel(const std::string &name) const;
};

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
