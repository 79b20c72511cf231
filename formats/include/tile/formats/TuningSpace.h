//===- TuningSpace.h - The tuning space file --------------------*- C++ -*-===//
//
// A tuning space file (docs/tuning.md) lists, for each tunable kernel of a
// source, every configuration of its space: compiled into the kernel cache
// (its kernel's name, cache entry and hash) or why it did not compile.
// `tilecc --emit=tuning-space` writes it and tile-tune reads it, both through
// this one implementation. Nothing here throws for a malformed file: the
// reader returns nothing and says what is wrong.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_FORMATS_TUNINGSPACE_H
#define TILE_FORMATS_TUNINGSPACE_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tile::formats {

/// The version of the tuning space format that this code reads and writes.
inline constexpr int64_t kTuningSpaceFormat = 1;

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
  /// The written instantiation, as "linear<tile::bf16, 128, 256, 64>".
  std::string kernel;
  /// The space, as its TILE_TUNE declaration spells it.
  std::string space;
  /// The tunable parameters' names, in order.
  std::vector<std::string> params;
  std::vector<SpaceConfig> configs;
};

/// A whole tuning space file.
struct TuningSpace {
  /// The compiler that wrote it, the architecture it compiled for and the
  /// source file.
  std::string compiler, arch, source;
  std::vector<SpaceKernel> kernels;
};

/// The text of `space`.
std::string writeTuningSpace(const TuningSpace &space);

/// The space whose file text is `text`; nothing if it is not a tuning space
/// of this format, with `error` saying what is wrong.
std::optional<TuningSpace> parseTuningSpace(std::string_view text,
                                            std::string &error);

} // namespace tile::formats

#endif // TILE_FORMATS_TUNINGSPACE_H
