//===- tuning_records_fuzzer.cpp - libFuzzer target over tuning records ---===//
//
// Each input is a tuning records file (docs/tuning.md), optionally followed
// by a NUL byte and one record's JSON (without one, a record for
// "linear<tile::bf16, 128, 256, 64>" on an H100). parseTuningRecords reads
// the file and withTuningRecord adds the record to it. Both return their
// errors; a crash, a sanitizer report or an exception is a bug, and so is
// a valid file that stops being valid once a valid record is added
// (docs/tilecc.md, Fuzzing).
//
//===----------------------------------------------------------------------===//

#include "FuzzFiles.h"

#include "tile/formats/TuningRecords.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {
constexpr std::string_view kDefaultRecord =
    R"({"kernel": "linear<tile::bf16, 128, 256, 64>",
        "device": "NVIDIA H100 80GB HBM3", "arch": "sm_90a",
        "space": "BM=128,256", "best": {"BM": 256}, "kernel_hash": "h",
        "date": "2026-11-26"})";
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  bool hasRecord = false;
  auto [fileText, recordJson] =
      tile::fuzz::splitAtNul(tile::fuzz::asText(data, size), hasRecord);
  if (!hasRecord)
    recordJson = kDefaultRecord;
  std::string error;
  bool fileValid =
      tile::formats::parseTuningRecords(fileText, error) || fileText.empty();
  std::optional<std::string> updated =
      tile::formats::withTuningRecord(fileText, recordJson, error);
  if (fileValid && updated &&
      !tile::formats::parseTuningRecords(*updated, error)) {
    std::fprintf(stderr, "adding a record made a valid file invalid: %s\n",
                 error.c_str());
    std::abort();
  }
  return 0;
}
