//===- TuningRecords.h - The tuning records file ----------------*- C++ -*-===//
//
// A tuning records file (docs/tuning.md) holds, per tunable kernel, GPU and
// architecture, the configuration that ran fastest, with what tells whether
// it still holds: the space searched and the hash of the chosen
// configuration's kernel. tile-tune writes it and tilecc reads it, both
// through this one implementation. Nothing here throws for a malformed
// file: the functions return nothing and say what is wrong.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_FORMATS_TUNINGRECORDS_H
#define TILE_FORMATS_TUNINGRECORDS_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tile::formats {

/// The version of the records format that this code reads and writes.
inline constexpr int64_t kTuningRecordsFormat = 1;

/// What a build needs of one record; a record may hold more (timings, the
/// problems it was tuned on), which builds do not read.
struct TuningRecord {
  /// The written instantiation tuned, as "linear<tile::bf16, 128, 256, 64>".
  std::string kernel;
  /// The GPU's name, as the driver gives it ("NVIDIA H100 80GB HBM3").
  std::string device;
  /// The architecture the configurations were compiled for ("sm_90a").
  std::string arch;
  /// The space searched, as the tuning space names it.
  std::string space;
  /// The fastest configuration: each tunable parameter and its value.
  std::vector<std::pair<std::string, int64_t>> best;
  /// The hash of the fastest configuration's kernel.
  std::string kernelHash;
  /// When it was tuned, for messages.
  std::string date;
};

/// The records of the file whose text is `text`; nothing if it is not a
/// records file of this format, with `error` naming the record and the
/// field that is wrong.
std::optional<std::vector<TuningRecord>>
parseTuningRecords(std::string_view text, std::string &error);

/// The text of the records file `fileText` (empty for a new file) with the
/// record `recordJson` (a JSON object with at least the fields TuningRecord
/// names) in place of the record of the same kernel, device and
/// architecture, or added; nothing, with `error` saying why, if the file or
/// the record is not of this format.
std::optional<std::string> withTuningRecord(std::string_view fileText,
                                            std::string_view recordJson,
                                            std::string &error);

} // namespace tile::formats

#endif // TILE_FORMATS_TUNINGRECORDS_H
