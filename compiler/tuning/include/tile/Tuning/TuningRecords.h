//===- TuningRecords.h - Tuning records, as builds read them ---*- C++ -*-===//
//
// The file's format is formats/TuningRecords.h; this reads it for tilecc.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_TUNING_TUNINGRECORDS_H
#define TILE_TUNING_TUNINGRECORDS_H

#include "tile/formats/TuningRecords.h"

#include "llvm/Support/Error.h"

#include <vector>

namespace tile::tuning {

using formats::TuningRecord;

/// The records of the file at `path`; an error names the file, the record
/// and the field that is wrong.
llvm::Expected<std::vector<TuningRecord>>
readTuningRecords(llvm::StringRef path);

} // namespace tile::tuning

#endif // TILE_TUNING_TUNINGRECORDS_H
