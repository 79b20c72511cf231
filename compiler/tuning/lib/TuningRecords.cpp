//===- TuningRecords.cpp - What tile-tune found, as builds read it --------===//

#include "tile/Tuning/TuningRecords.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace tile::tuning;

llvm::Expected<std::vector<TuningRecord>>
tile::tuning::readTuningRecords(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!file)
    return llvm::createStringError(
        "tuning records '" + path +
        "': cannot read it: " + file.getError().message());
  std::string error;
  std::optional<std::vector<TuningRecord>> records =
      formats::parseTuningRecords((*file)->getBuffer(), error);
  if (!records)
    return llvm::createStringError("tuning records '" + path + "': " + error);
  return std::move(*records);
}
