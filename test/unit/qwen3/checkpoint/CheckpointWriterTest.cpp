//===- CheckpointWriterTest.cpp - Random-weight checkpoints ---------------===//

#include "qwen3/CheckpointWriter.h"
#include "qwen3/Bf16Conversion.h"
#include "qwen3/Checkpoint.h"
#include "qwen3/Presets.h"
#include "qwen3/TensorLayout.h"

#include "TestFiles.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <atomic>
#include <cmath>
#include <set>

#include <sys/wait.h>
#include <unistd.h>

namespace qwen3 {
namespace {

using test::errorOf;
namespace fs = std::filesystem;

WriterOptions smallOptions(const fs::path &output, uint64_t seed = 7) {
  WriterOptions options;
  options.configJson = test::smallConfigJson(/*tied=*/false);
  options.output = output;
  options.seed = seed;
  options.threads = 2;
  return options;
}

/// Every file of `dir`, name to contents.
std::map<std::string, std::string> contents(const fs::path &dir) {
  std::map<std::string, std::string> files;
  for (const fs::directory_entry &entry : fs::directory_iterator(dir))
    files[entry.path().filename().string()] = test::readFile(entry.path());
  return files;
}

std::vector<float> asFloats(const TensorInfo &tensor) {
  std::vector<tile::bf16> bf16(static_cast<std::size_t>(tensor.numel()));
  copyToBf16(tensor, bf16);
  std::vector<float> values;
  for (tile::bf16 value : bf16)
    values.push_back(static_cast<float>(value));
  return values;
}

TEST(CheckpointWriter, WritesTheHuggingFaceLayout) {
  test::TempDir temp;
  WriterOptions options = smallOptions(temp.path() / "m");
  test::writeStubTokenizer(temp.path() / "tok");
  test::writeFile(temp.path() / "tok" / "merges.txt", "#version: 0.2\n");
  options.tokenizerDir = temp.path() / "tok";
  writeRandomCheckpoint(options);

  std::map<std::string, std::string> files = contents(temp.path() / "m");
  std::vector<std::string> names;
  for (const auto &[name, text] : files)
    names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{
                       "config.json", "generation_config.json", "merges.txt",
                       "model.safetensors", "tokenizer.json",
                       "tokenizer_config.json"}));
  EXPECT_EQ(files["tokenizer.json"],
            test::readFile(temp.path() / "tok" / "tokenizer.json"));
  auto generation = nlohmann::json::parse(files["generation_config.json"]);
  EXPECT_EQ(generation["bos_token_id"], 1);
  EXPECT_EQ(generation["eos_token_id"], nlohmann::json({2, 1}));
  EXPECT_EQ(generation["do_sample"], true);
  EXPECT_EQ(generation["temperature"], 0.6);
  EXPECT_EQ(generation["top_k"], 20);
  EXPECT_EQ(generation["top_p"], 0.95);
  // The safetensors header is padded so that the data is 8-byte aligned.
  uint64_t headerLength = 0;
  std::memcpy(&headerLength, files["model.safetensors"].data(), 8);
  EXPECT_EQ(headerLength % 8, 0u);

  Checkpoint checkpoint = Checkpoint::open(temp.path() / "m");
  EXPECT_NO_THROW(checkpoint.validateQwen3(checkpoint.config()));
  // Nothing is left beside the output.
  EXPECT_EQ(std::distance(fs::directory_iterator(temp.path()),
                          fs::directory_iterator()),
            2);
}

TEST(CheckpointWriter, SameSeedSameBytes) {
  test::TempDir temp;
  writeRandomCheckpoint(smallOptions(temp.path() / "a"));
  WriterOptions oneThread = smallOptions(temp.path() / "b");
  oneThread.threads = 1;
  writeRandomCheckpoint(oneThread);
  writeRandomCheckpoint(smallOptions(temp.path() / "c", /*seed=*/8));
  EXPECT_EQ(contents(temp.path() / "a"), contents(temp.path() / "b"));
  EXPECT_NE(contents(temp.path() / "a")["model.safetensors"],
            contents(temp.path() / "c")["model.safetensors"]);
}

TEST(CheckpointWriter, WeightsAreDistributedLikeHuggingFaceInitializesThem) {
  test::TempDir temp;
  writeRandomCheckpoint(smallOptions(temp.path() / "m"));
  Checkpoint checkpoint = Checkpoint::open(temp.path() / "m");
  std::vector<float> embedding =
      asFloats(checkpoint.tensor("model.embed_tokens.weight"));
  double sum = 0, squares = 0;
  for (float value : embedding) {
    sum += value;
    squares += double(value) * value;
  }
  double mean = sum / embedding.size();
  double stddev = std::sqrt(squares / embedding.size() - mean * mean);
  EXPECT_NEAR(mean, 0.0, 0.001);
  EXPECT_NEAR(stddev, 0.02, 0.0005);
  // Different tensors get different values.
  EXPECT_NE(asFloats(checkpoint.tensor("model.layers.0.mlp.gate_proj.weight")),
            asFloats(checkpoint.tensor("model.layers.0.mlp.up_proj.weight")));

  std::vector<float> norm = asFloats(checkpoint.tensor("model.norm.weight"));
  float low = *std::min_element(norm.begin(), norm.end());
  float high = *std::max_element(norm.begin(), norm.end());
  EXPECT_GE(low, 0.9f);
  EXPECT_LE(high, 1.1f);
  EXPECT_LT(low, 0.97f);
  EXPECT_GT(high, 1.03f);
}

TEST(CheckpointWriter, ZeroJitterGivesOnes) {
  test::TempDir temp;
  WriterOptions options = smallOptions(temp.path() / "m");
  options.normJitter = 0;
  writeRandomCheckpoint(options);
  Checkpoint checkpoint = Checkpoint::open(temp.path() / "m");
  for (const char *name :
       {"model.norm.weight", "model.layers.1.self_attn.k_norm.weight"})
    for (float value : asFloats(checkpoint.tensor(name)))
      EXPECT_EQ(value, 1.0f) << name;
}

TEST(CheckpointWriter, OtherDTypes) {
  test::TempDir temp;
  writeRandomCheckpoint(smallOptions(temp.path() / "bf16"));
  for (DType dtype : {DType::F16, DType::F32}) {
    SCOPED_TRACE(dtypeName(dtype));
    fs::path dir = temp.path() / std::string(dtypeName(dtype));
    WriterOptions options = smallOptions(dir);
    options.dtype = dtype;
    writeRandomCheckpoint(options);
    Checkpoint checkpoint = Checkpoint::open(dir);
    EXPECT_NO_THROW(checkpoint.validateQwen3(checkpoint.config()));
    EXPECT_EQ(checkpoint.config().torchDtype,
              dtype == DType::F16 ? "float16" : "float32");
    Checkpoint reference = Checkpoint::open(temp.path() / "bf16");
    for (const TensorSpec &spec : qwen3Tensors(checkpoint.config())) {
      const TensorInfo &tensor = checkpoint.tensor(spec.name);
      EXPECT_EQ(tensor.dtype, dtype);
      std::vector<float> converted = asFloats(tensor);
      std::vector<float> expected = asFloats(reference.tensor(spec.name));
      if (dtype == DType::F32) {
        // The same numbers, rounded once.
        EXPECT_EQ(converted, expected) << spec.name;
      } else {
        for (std::size_t i = 0; i < converted.size(); ++i)
          ASSERT_NEAR(converted[i], expected[i],
                      std::abs(expected[i]) * 0x1p-7f + 1e-7f)
              << spec.name;
      }
    }
  }
}

TEST(CheckpointWriter, RefusesToOverwrite) {
  test::TempDir temp;
  fs::path dir = temp.path() / "m";
  fs::create_directories(dir);
  writeRandomCheckpoint(smallOptions(dir)); // an empty directory is fine
  std::string before = test::readFile(dir / "model.safetensors");
  std::string message =
      errorOf([&] { writeRandomCheckpoint(smallOptions(dir, 99)); });
  EXPECT_NE(message.find("refusing to overwrite"), std::string::npos)
      << message;
  EXPECT_EQ(test::readFile(dir / "model.safetensors"), before);

  WriterOptions force = smallOptions(dir, 99);
  force.force = true;
  test::writeFile(dir / "stale.txt", "from before");
  writeRandomCheckpoint(force);
  EXPECT_NE(test::readFile(dir / "model.safetensors"), before);
  EXPECT_FALSE(fs::exists(dir / "stale.txt"));
}

TEST(CheckpointWriter, ForceReplacesOnlyACheckpointDirectory) {
  test::TempDir temp;
  WriterOptions options = smallOptions(temp.path() / "file.txt");
  options.force = true;
  test::writeFile(options.output, "not a checkpoint");
  EXPECT_NE(errorOf([&] { writeRandomCheckpoint(options); })
                .find("the output exists and is not a directory; refusing to "
                      "replace it (--force replaces only a checkpoint "
                      "directory)"),
            std::string::npos);
  EXPECT_EQ(test::readFile(options.output), "not a checkpoint");

  fs::create_symlink(options.output, temp.path() / "link");
  options.output = temp.path() / "link";
  EXPECT_NE(
      errorOf([&] { writeRandomCheckpoint(options); }).find("not a directory"),
      std::string::npos);
  EXPECT_TRUE(fs::is_symlink(temp.path() / "link"));

  options.output = temp.path() / "photos";
  fs::create_directories(options.output);
  test::writeFile(options.output / "holiday.jpg", "jpeg");
  EXPECT_NE(
      errorOf([&] { writeRandomCheckpoint(options); })
          .find("the output is a directory but not a checkpoint (no "
                "config.json); refusing to replace it, even with --force"),
      std::string::npos);
  EXPECT_EQ(test::readFile(options.output / "holiday.jpg"), "jpeg");
}

TEST(CheckpointWriter, CancellingRemovesTheTemporaryDirectory) {
  test::TempDir temp;
  std::atomic<bool> cancelled{true};
  WriterOptions options = smallOptions(temp.path() / "m");
  options.cancelled = &cancelled;
  EXPECT_THROW(writeRandomCheckpoint(options), WriteCancelled);
  EXPECT_TRUE(fs::is_empty(temp.path()));
}

TEST(CheckpointWriter, RemovesTheTemporariesOfKilledWriters) {
  test::TempDir temp;
  pid_t child = ::fork();
  if (child == 0)
    ::_exit(0);
  ASSERT_GT(child, 0);
  ::waitpid(child, nullptr, 0);
  std::string dead = std::to_string(child);
  std::string alive = std::to_string(::getppid());
  for (std::string name : {"m.tmp-" + dead, "m.old-" + dead, "m.tmp-" + alive,
                           "other.tmp-" + dead, std::string("m.tmp-notapid")}) {
    fs::create_directories(temp.path() / name);
    test::writeFile(temp.path() / name / "config.json", "{}");
  }
  writeRandomCheckpoint(smallOptions(temp.path() / "m"));
  std::set<std::string> left;
  for (const fs::directory_entry &entry : fs::directory_iterator(temp.path()))
    left.insert(entry.path().filename().string());
  EXPECT_EQ(left,
            (std::set<std::string>{"m", "m.tmp-" + alive, "other.tmp-" + dead,
                                   "m.tmp-notapid"}));
}

TEST(CheckpointWriter, BadInputsAreReportedBeforeWriting) {
  test::TempDir temp;
  fs::path dir = temp.path() / "m";
  WriterOptions options = smallOptions(dir);
  fs::create_directories(temp.path() / "tok");
  test::writeFile(temp.path() / "tok" / "tokenizer.json", "{}");
  options.tokenizerDir = temp.path() / "tok";
  EXPECT_NE(errorOf([&] {
              writeRandomCheckpoint(options);
            }).find("tokenizer_config.json"),
            std::string::npos);

  options = smallOptions(dir);
  options.configJson = R"({"model_type": "llama"})";
  EXPECT_NE(
      errorOf([&] { writeRandomCheckpoint(options); }).find("not supported"),
      std::string::npos);

  options = smallOptions(dir);
  options.dtype = DType::I8;
  EXPECT_NE(errorOf([&] {
              writeRandomCheckpoint(options);
            }).find("dtype I8 is not supported"),
            std::string::npos);

  options = smallOptions(dir);
  options.maxShardSize = 0;
  EXPECT_NE(errorOf([&] { writeRandomCheckpoint(options); }).find("shard"),
            std::string::npos);
  EXPECT_TRUE(fs::is_empty(temp.path() / "tok") == false);
  EXPECT_FALSE(fs::exists(dir));
}

TEST(CheckpointWriter, TheTinyPresetIsAValidCheckpoint) {
  test::TempDir temp;
  WriterOptions options;
  options.configJson = std::string(*presetJson("qwen3-tiny"));
  options.output = temp.path() / "qwen3-tiny";
  test::writeStubTokenizer(temp.path() / "tok");
  options.tokenizerDir = temp.path() / "tok";
  writeRandomCheckpoint(options);
  Checkpoint checkpoint = Checkpoint::open(options.output);
  EXPECT_NO_THROW(checkpoint.validateQwen3(checkpoint.config()));
  EXPECT_EQ(checkpoint.config().vocabSize, 151936);
  EXPECT_EQ(checkpoint.files().size(), 1u);
  EXPECT_EQ(checkpoint.generationConfig()->eosTokenIds,
            (std::vector<int32_t>{151645, 151643}));
}

TEST(CheckpointWriter, ParsesByteSizes) {
  EXPECT_EQ(parseByteSize("5GB"), 5'000'000'000u);
  EXPECT_EQ(parseByteSize("200MB"), 200'000'000u);
  EXPECT_EQ(parseByteSize("200mb"), 200'000'000u);
  EXPECT_EQ(parseByteSize("64KB"), 64'000u);
  EXPECT_EQ(parseByteSize("2GiB"), 2u << 30);
  EXPECT_EQ(parseByteSize("3MiB"), 3u << 20);
  EXPECT_EQ(parseByteSize("1KiB"), 1024u);
  EXPECT_EQ(parseByteSize("1000"), 1000u);
  EXPECT_EQ(parseByteSize("12B"), 12u);
  for (const char *bad : {"", "GB", "5 GB", "5TB", "-5GB", "0", "1.5GB",
                          "99999999999999999999", "18446744073709551615GB"}) {
    SCOPED_TRACE(bad);
    EXPECT_NE(errorOf([&] { parseByteSize(bad); }).find("size '"),
              std::string::npos);
  }
}

} // namespace
} // namespace qwen3
