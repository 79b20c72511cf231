//===- TuningSpaceTest.cpp - The tuning space file -------------------------===//

#include "tile/formats/TuningSpace.h"

#include <gtest/gtest.h>

using namespace tile::formats;

namespace {

TuningSpace linearSpace() {
  TuningSpace space;
  space.compiler = "tilecc 0.1.0";
  space.arch = "sm_90a";
  space.source = "linear.cpp";
  SpaceKernel kernel;
  kernel.kernel = "linear<tile::bf16, 128, 256, 64>";
  kernel.space = "BM in {128, 256}, BN in {128}";
  kernel.params = {"BM", "BN"};
  SpaceConfig compiled;
  compiled.values = {{"BM", 128}, {"BN", 128}};
  compiled.name = "linear<tile::bf16, 128, 128, 64>";
  compiled.key = std::string(64, 'a');
  compiled.kernelHash = std::string(64, 'b');
  SpaceConfig failed;
  failed.values = {{"BM", 256}, {"BN", 128}};
  failed.error = "too much shared memory";
  kernel.configs = {compiled, failed};
  space.kernels = {kernel};
  return space;
}

/// What parseTuningSpace says of `text`, or "parsed".
std::string failure(const std::string &text) {
  std::string error;
  return parseTuningSpace(text, error) ? "parsed" : error;
}

} // namespace

TEST(TuningSpace, ReadsWhatItWrites) {
  std::string text = writeTuningSpace(linearSpace());
  std::string error;
  std::optional<TuningSpace> read = parseTuningSpace(text, error);
  ASSERT_TRUE(read) << error << "\n" << text;
  EXPECT_EQ(read->compiler, "tilecc 0.1.0");
  EXPECT_EQ(read->arch, "sm_90a");
  EXPECT_EQ(read->source, "linear.cpp");
  ASSERT_EQ(read->kernels.size(), 1u);
  const SpaceKernel &kernel = read->kernels[0];
  EXPECT_EQ(kernel.kernel, "linear<tile::bf16, 128, 256, 64>");
  EXPECT_EQ(kernel.space, "BM in {128, 256}, BN in {128}");
  EXPECT_EQ(kernel.params, (std::vector<std::string>{"BM", "BN"}));
  ASSERT_EQ(kernel.configs.size(), 2u);
  EXPECT_EQ(kernel.configs[0].text(), "BM=128 BN=128");
  EXPECT_EQ(kernel.configs[0].name, "linear<tile::bf16, 128, 128, 64>");
  EXPECT_EQ(kernel.configs[0].key, std::string(64, 'a'));
  EXPECT_EQ(kernel.configs[0].kernelHash, std::string(64, 'b'));
  EXPECT_TRUE(kernel.configs[0].error.empty());
  EXPECT_EQ(kernel.configs[1].text(), "BM=256 BN=128");
  EXPECT_EQ(kernel.configs[1].error, "too much shared memory");
  EXPECT_TRUE(kernel.configs[1].name.empty());
}

TEST(TuningSpace, RejectsFilesThatAreNoSpace) {
  EXPECT_EQ(failure("[1]"), "not a JSON object");
  EXPECT_EQ(failure("{"), "not a JSON object");
  EXPECT_EQ(failure(R"({"format": 2})"),
            "format 2 (this version reads format 1)");
  EXPECT_NE(failure(R"({"format": 1})").find("'compiler' not found"),
            std::string::npos)
      << failure(R"({"format": 1})");
  TuningSpace noConfigs = linearSpace();
  noConfigs.kernels[0].configs.clear();
  EXPECT_EQ(failure(writeTuningSpace(noConfigs)),
            "linear<tile::bf16, 128, 256, 64> has no configurations");
  TuningSpace missingValue = linearSpace();
  missingValue.kernels[0].configs[1].values.pop_back();
  std::string text = writeTuningSpace(missingValue);
  EXPECT_NE(failure(text).find("'BN' not found"), std::string::npos)
      << failure(text);
}
