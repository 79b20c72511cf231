//===- TuningRecords.h - What tile-tune found, as builds read it -*- C++
//-*-===//
//
// A tuning records file (docs/tuning.md) holds, per tunable kernel and GPU,
// the configuration that ran fastest, with what tells whether it still
// holds: the space searched and the hash of the chosen configuration's
// kernel.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DRIVER_TUNINGRECORDS_H
#define TILE_DRIVER_TUNINGRECORDS_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tile::driver {

/// The version of the records format that tilecc reads.
inline constexpr int64_t kTuningRecordsFormat = 1;

struct TuningRecord {
  /// The written instantiation tuned, as "linear<tile::bf16, 128, 256, 64>".
  std::string kernel;
  /// The GPU's name, as the driver gives it ("NVIDIA H100 80GB HBM3").
  std::string device;
  /// The architecture the configurations were compiled for ("sm_90a").
  std::string arch;
  /// The space searched (TunableKernel::spaceText).
  std::string space;
  /// The fastest configuration: each tunable parameter and its value.
  std::vector<std::pair<std::string, int64_t>> best;
  /// The hash of the fastest configuration's kernel (kernelHash).
  std::string kernelHash;
  /// When it was tuned, for messages.
  std::string date;
};

/// The records of the file at `path`; an error names the file, the record
/// and the field that is wrong.
llvm::Expected<std::vector<TuningRecord>>
readTuningRecords(llvm::StringRef path);

} // namespace tile::driver

#endif // TILE_DRIVER_TUNINGRECORDS_H
