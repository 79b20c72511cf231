//===- TuningRecordsTest.cpp - The tuning records file --------------------===//

#include "tile/formats/TuningRecords.h"

#include <gtest/gtest.h>

#include <string>

using namespace tile::formats;

namespace {

/// A record of linear on `device` whose best BM is `bm`, as JSON text.
std::string record(const std::string &device, int bm,
                   const std::string &extra = "") {
  return R"({"kernel": "linear<tile::bf16, 128, 256, 64>", "device": ")" +
         device +
         R"(", "arch": "sm_90a", "space": "BM=128,256", "best": {"BM": )" +
         std::to_string(bm) +
         R"(}, "kernel_hash": "h", "date": "2026-11-26")" + extra + "}";
}

/// A records file holding `records` (JSON texts).
std::string file(const std::string &records) {
  return R"({"format": 1, "records": [)" + records + "]}";
}

/// The error parseTuningRecords() gives for `text`.
std::string errorOf(const std::string &text) {
  std::string error;
  EXPECT_FALSE(parseTuningRecords(text, error)) << text;
  return error;
}

} // namespace

TEST(TuningRecords, ReadsWhatABuildNeeds) {
  std::string error;
  auto records = parseTuningRecords(
      file(record("NVIDIA H100 80GB HBM3", 256, R"(, "timings": [])")), error);
  ASSERT_TRUE(records) << error;
  ASSERT_EQ(records->size(), 1u);
  const TuningRecord &read = records->front();
  EXPECT_EQ(read.kernel, "linear<tile::bf16, 128, 256, 64>");
  EXPECT_EQ(read.device, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(read.arch, "sm_90a");
  EXPECT_EQ(read.space, "BM=128,256");
  ASSERT_EQ(read.best.size(), 1u);
  EXPECT_EQ(read.best[0], (std::pair<std::string, int64_t>{"BM", 256}));
  EXPECT_EQ(read.kernelHash, "h");
  EXPECT_EQ(read.date, "2026-11-26");
}

TEST(TuningRecords, SaysWhatIsWrong) {
  EXPECT_EQ(errorOf("{ not json"), "not JSON");
  EXPECT_EQ(errorOf("[1, 2]"), "not a JSON object");
  EXPECT_EQ(errorOf(R"({"records": []})"),
            "format missing, this version reads format 1");
  EXPECT_EQ(errorOf(R"({"format": 2, "records": []})"),
            "format 2, this version reads format 1");
  EXPECT_EQ(errorOf(R"({"format": 1})"), "no \"records\" array");
  EXPECT_EQ(errorOf(file("1")), "record 1 is not an object");
  EXPECT_EQ(errorOf(file(R"({"kernel": "k"})")),
            "record 1 has no string \"device\"");
  std::string noBest = record("GPU", 1);
  noBest.replace(noBest.find(R"("best": {"BM": 1})"), 17, R"("best": {})");
  EXPECT_EQ(errorOf(file(noBest)),
            "record 1 has no \"best\" object of parameter values");
  std::string fraction = record("GPU", 1);
  fraction.replace(fraction.find(R"("BM": 1)"), 7, R"("BM": 1.5)");
  EXPECT_EQ(errorOf(file(fraction)),
            "record 1 gives \"BM\" a value that is not an integer");
  EXPECT_EQ(errorOf(file(record("GPU", 1) + ", " + record("GPU", 2))),
            "record 2 tunes 'linear<tile::bf16, 128, 256, 64>' on GPU for "
            "sm_90a as record 1 does");
}

TEST(TuningRecords, AddsAndReplacesRecords) {
  std::string error;
  auto first = withTuningRecord("", record("H100", 128), error);
  ASSERT_TRUE(first) << error;
  auto second = withTuningRecord(*first, record("H200", 256), error);
  ASSERT_TRUE(second) << error;
  // Tuned again on the H100: its record is replaced, the H200's kept.
  auto third = withTuningRecord(*second, record("H100", 256), error);
  ASSERT_TRUE(third) << error;
  auto records = parseTuningRecords(*third, error);
  ASSERT_TRUE(records) << error;
  ASSERT_EQ(records->size(), 2u);
  EXPECT_EQ((*records)[0].device, "H100");
  EXPECT_EQ((*records)[0].best[0].second, 256);
  EXPECT_EQ((*records)[1].device, "H200");
}

TEST(TuningRecords, RefusesWhatIsNotOfTheFormat) {
  std::string error;
  EXPECT_FALSE(withTuningRecord("[1, 2]", record("H100", 128), error));
  EXPECT_EQ(error, "not a JSON object");
  EXPECT_FALSE(withTuningRecord("", R"({"kernel": "k"})", error));
  EXPECT_EQ(error, "the new record has no string \"device\"");
  EXPECT_FALSE(withTuningRecord("", "{", error));
  EXPECT_EQ(error, "the new record is not JSON");
}
