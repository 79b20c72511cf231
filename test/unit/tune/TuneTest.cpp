//===- TuneTest.cpp - tile-tune's problems, spaces and records ------------===//

#include "TuningFiles.h"
#include "TuningProblem.h"

#include "tile/runtime/Error.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>

using namespace tile;
namespace fs = std::filesystem;

namespace {

/// linear's parameters: out (piece), x and w (views), k (scalar).
rt::KernelInfo linearInfo() {
  formats::KernelRecord record;
  record.name = "linear<tile::bf16, 128, 256, 64>";
  record.launch = {"linear_tile_bf16_128_256_64", {256, 1, 1}, 0, false};
  record.params = {{"out", rt::ParamKind::Piece, "bf16", 2, {128, 256}},
                   {"x", rt::ParamKind::View, "bf16", 2, {}},
                   {"w", rt::ParamKind::View, "bf16", 2, {}},
                   {"k", rt::ParamKind::Scalar, "i32", 0, {}}};
  return rt::KernelInfo::fromRecord(record);
}

std::string problemError(const std::string &text) {
  try {
    tune::parseProblem(text, linearInfo());
  } catch (const rt::Error &e) {
    return e.what();
  }
  return "parsed";
}

class TuningFilesTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("tile-tune-test-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }

  fs::path write(const std::string &name, const std::string &text) {
    std::ofstream(dir / name) << text;
    return dir / name;
  }

  /// A space of linear<bf16, 128, 256, 64> over BM: the written 128, 256,
  /// and 64, which did not compile.
  tune::TuningSpace space() {
    return tune::readTuningSpace(write("space.json", R"({
      "format": 1, "compiler": "tilecc 0.1.0", "arch": "sm_90a",
      "source": "linear.cpp",
      "kernels": [{
        "kernel": "linear<tile::bf16, 128, 256, 64>", "space": "BM=64,128,256",
        "params": ["BM"],
        "configs": [
          {"config": {"BM": 128}, "name": "linear<tile::bf16, 128, 256, 64>",
           "key": "k128", "kernel_hash": "h128"},
          {"config": {"BM": 256}, "name": "linear<tile::bf16, 256, 256, 64>",
           "key": "k256", "kernel_hash": "h256"},
          {"config": {"BM": 64}, "error": "too much shared memory"}]}]})"));
  }

  fs::path dir;
};

} // namespace

TEST(TuningProblem, ParsesTensorsAndScalars) {
  tune::Problem problem = tune::parseProblem(
      "out=4096x8192  x=4096x1024 w=8192x1024 k=1024", linearInfo());
  ASSERT_EQ(problem.arguments.size(), 4u);
  EXPECT_EQ(problem.arguments[0].shape, (std::vector<int64_t>{4096, 8192}));
  EXPECT_EQ(problem.arguments[2].shape, (std::vector<int64_t>{8192, 1024}));
  EXPECT_EQ(problem.arguments[3].value, 1024);
  // In any order.
  problem = tune::parseProblem("k=64 w=8x64 x=4x64 out=4x8", linearInfo());
  EXPECT_EQ(problem.arguments[0].shape, (std::vector<int64_t>{4, 8}));
}

TEST(TuningProblem, RejectsWhatIsNotAProblem) {
  EXPECT_EQ(problemError("out=4x8 x=4x64 w=8x64"),
            "no value for 'k' (a problem gives every parameter: out x w k)");
  EXPECT_EQ(problemError("out=4x8 x=4x64 w=8x64 k=64 bias=8"),
            "linear<tile::bf16, 128, 256, 64> has no parameter 'bias' (it "
            "has: out x w k)");
  EXPECT_EQ(problemError("out=4x8 out=4x8 x=4x64 w=8x64 k=64"),
            "'out' is given twice");
  EXPECT_EQ(problemError("out=4x8x2 x=4x64 w=8x64 k=64"),
            "out has rank 2, '4x8x2' gives 3 extents");
  EXPECT_EQ(problemError("out=4xa x=4x64 w=8x64 k=64"),
            "out's extent: 'a' is not a number");
  EXPECT_EQ(problemError("out=4x0 x=4x64 w=8x64 k=64"),
            "out: an extent of 0 (extents are at least 1)");
  EXPECT_EQ(problemError("out 4x8"), "'out' is not NAME=VALUE");
}

TEST(TuningProblem, FillsInputsAndZeroesOutputs) {
  // Read-only tensors hold random inputs; the written ones are zeroed and
  // compared.
  EXPECT_EQ(tune::tensorFill(rt::ParamKind::View), tune::TensorFill::Input);
  EXPECT_EQ(tune::tensorFill(rt::ParamKind::InputPiece),
            tune::TensorFill::Input);
  EXPECT_EQ(tune::tensorFill(rt::ParamKind::Piece), tune::TensorFill::Output);
  EXPECT_EQ(tune::tensorFill(rt::ParamKind::Atomic), tune::TensorFill::Output);
  EXPECT_EQ(tune::tensorFill(rt::ParamKind::Scalar), tune::TensorFill::None);
}

TEST(TuningProblem, ParsesInputPiecesAndAtomicOutputsAsTensors) {
  // split_k<128, 128>(Piece<const bf16, 128, 128> x, View<bf16, 2> w,
  // Atomic<float, 2> out): extents for the input piece and the atomic
  // output, as for a view.
  formats::KernelRecord record;
  record.name = "split_k<128, 128>";
  record.launch = {"split_k_128_128", {128, 1, 1}, 0, false};
  record.params = {{"x", rt::ParamKind::InputPiece, "bf16", 2, {128, 128}},
                   {"w", rt::ParamKind::View, "bf16", 2, {}},
                   {"out", rt::ParamKind::Atomic, "f32", 2, {}}};
  rt::KernelInfo info = rt::KernelInfo::fromRecord(record);
  tune::Problem problem =
      tune::parseProblem("x=64x4096 w=512x4096 out=64x512", info);
  EXPECT_EQ(problem.arguments[0].shape, (std::vector<int64_t>{64, 4096}));
  EXPECT_EQ(problem.arguments[2].shape, (std::vector<int64_t>{64, 512}));
  try {
    tune::parseProblem("x=64x4096 w=512x4096 out=64", info);
    FAIL() << "parsed";
  } catch (const rt::Error &e) {
    EXPECT_STREQ(e.what(), "out has rank 2, '64' gives 1 extents");
  }
}

TEST_F(TuningFilesTest, ReadsASpace) {
  tune::TuningSpace read = space();
  EXPECT_EQ(read.arch, "sm_90a");
  const tune::SpaceKernel &kernel = tune::findKernel(read, "");
  ASSERT_EQ(kernel.configs.size(), 3u);
  EXPECT_EQ(kernel.configs[1].text(), "BM=256");
  EXPECT_EQ(kernel.configs[1].key, "k256");
  EXPECT_EQ(kernel.configs[2].error, "too much shared memory");
  try {
    tune::findKernel(read, "gemm");
    FAIL() << "found a kernel the space lacks";
  } catch (const rt::Error &e) {
    EXPECT_STREQ(e.what(), "no tunable kernel 'gemm' (the space has: "
                           "linear<tile::bf16, 128, 256, 64>)");
  }
}

TEST_F(TuningFilesTest, RejectsAFileThatIsNoSpace) {
  try {
    tune::readTuningSpace(write("space.json", R"({"format": 1})"));
    FAIL() << "read a space without kernels";
  } catch (const rt::Error &e) {
    EXPECT_NE(std::string(e.what()).find("is not a tuning space"),
              std::string::npos)
        << e.what();
  }
}

TEST(TuningTimings, FastestIsTheLeastGeometricMean) {
  std::vector<tune::ConfigTiming> timings = {
      {{1.0, 4.0}, ""}, // geometric mean 2
      {{0.5, 9.0}, ""}, // 2.12: the faster on one problem only
      {{0.1, 0.1}, "its output differs"},
      {{1.5, 2.5}, ""}}; // 1.94
  EXPECT_EQ(tune::fastest(timings), 3u);
  for (tune::ConfigTiming &timing : timings)
    timing.rejected = "rejected";
  EXPECT_THROW(tune::fastest(timings), rt::Error);
}

TEST_F(TuningFilesTest, RecordsTheFastestAndReplacesItsEarlierRecord) {
  tune::TuningSpace read = space();
  const tune::SpaceKernel &kernel = tune::findKernel(read, "");
  std::vector<tune::ConfigTiming> timings = {
      {{2.0}, ""}, {{1.0}, ""}, {{}, ""}};
  tune::RecordFacts facts{"NVIDIA H100 80GB HBM3",
                          "13.0",
                          "2026-11-26",
                          {"out=8x8 x=8x8 w=8x8 k=8"}};
  nlohmann::json record = tune::makeRecord(read, kernel, timings, facts);
  EXPECT_EQ(record["best"], (nlohmann::json{{"BM", 256}}));
  EXPECT_EQ(record["kernel_hash"], "h256");
  EXPECT_EQ(record["space"], "BM=64,128,256");
  EXPECT_EQ(record["arch"], "sm_90a");
  EXPECT_EQ(record["timings"][2]["rejected"],
            "does not compile: too much shared memory");

  fs::path path = dir / "records.json";
  tune::storeRecord(path, record);
  nlohmann::json other = record;
  other["device"] = "NVIDIA H200";
  tune::storeRecord(path, other);
  // Tuned again on the H100: its record is replaced, the H200's kept.
  timings = {{{1.0}, ""}, {{2.0}, ""}, {{}, ""}};
  tune::storeRecord(path, tune::makeRecord(read, kernel, timings, facts));
  nlohmann::json file = nlohmann::json::parse(std::ifstream(path));
  EXPECT_EQ(file["format"], 1);
  ASSERT_EQ(file["records"].size(), 2u);
  EXPECT_EQ(file["records"][0]["device"], "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(file["records"][0]["best"], (nlohmann::json{{"BM", 128}}));
  EXPECT_EQ(file["records"][1]["device"], "NVIDIA H200");
}

TEST_F(TuningFilesTest, LeavesAFileThatIsNoRecordsAsItIs) {
  fs::path path = write("records.json", "[1, 2]");
  tune::TuningSpace read = space();
  std::vector<tune::ConfigTiming> timings = {
      {{1.0}, ""}, {{2.0}, ""}, {{}, ""}};
  EXPECT_THROW(
      tune::storeRecord(path, tune::makeRecord(read, tune::findKernel(read, ""),
                                               timings, {})),
      rt::Error);
  std::ifstream in(path);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), "[1, 2]");
}
