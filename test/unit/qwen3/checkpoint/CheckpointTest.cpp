//===- CheckpointTest.cpp - Model directories and the Qwen3 layout check --===//

#include "qwen3/Checkpoint.h"
#include "qwen3/CheckpointWriter.h"
#include "qwen3/TensorLayout.h"

#include "TestFiles.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <functional>

namespace qwen3 {
namespace {

using test::errorOf;

/// One tensor of a hand-built checkpoint.
struct Entry {
  std::string name;
  std::string dtype;
  std::vector<int64_t> shape;
};

/// Writes config.json and a model.safetensors with every tensor of the
/// config's layout, in BF16 and filled with a byte pattern, after `edit`
/// has changed the list.
void writeHandBuilt(
    const std::filesystem::path &dir, const std::string &configJson,
    const std::function<void(std::vector<Entry> &)> &edit = {}) {
  std::vector<Entry> entries;
  for (const TensorSpec &spec : qwen3Tensors(Config::parse(configJson, "")))
    entries.push_back({spec.name, "BF16", spec.shape});
  if (edit)
    edit(entries);
  nlohmann::json header = nlohmann::json::object();
  std::string data;
  for (const Entry &entry : entries) {
    int64_t count = 1;
    for (int64_t extent : entry.shape)
      count *= extent;
    std::size_t bytes =
        static_cast<std::size_t>(count) * dtypeSize(*parseDType(entry.dtype));
    header[entry.name] = {{"dtype", entry.dtype},
                          {"shape", entry.shape},
                          {"data_offsets", {data.size(), data.size() + bytes}}};
    for (std::size_t i = 0; i < bytes; ++i)
      data.push_back(static_cast<char>(i % 7 + 0x20));
  }
  std::filesystem::create_directories(dir);
  test::writeFile(dir / "config.json", configJson);
  test::writeFile(dir / "model.safetensors",
                  test::safetensorsBytes(header.dump(), data));
}

/// Writes a random checkpoint of the small config into `dir`.
void writeRandom(const std::filesystem::path &dir, bool tied,
                 uint64_t maxShardSize = 5'000'000'000) {
  WriterOptions options;
  options.configJson = test::smallConfigJson(tied);
  options.output = dir;
  options.maxShardSize = maxShardSize;
  options.threads = 2;
  writeRandomCheckpoint(options);
}

TEST(Checkpoint, OpensASingleFileCheckpoint) {
  test::TempDir temp;
  writeRandom(temp.path() / "m", /*tied=*/true);
  Checkpoint checkpoint = Checkpoint::open(temp.path() / "m");
  EXPECT_EQ(checkpoint.files().size(), 1u);
  EXPECT_EQ(checkpoint.config().hiddenSize, 64);
  ASSERT_TRUE(checkpoint.generationConfig());
  EXPECT_EQ(checkpoint.generationConfig()->eosTokenIds,
            (std::vector<int32_t>{2, 1}));
  EXPECT_NO_THROW(checkpoint.validateQwen3(checkpoint.config()));
  EXPECT_FALSE(checkpoint.find("lm_head.weight"));
  EXPECT_EQ(&checkpoint.lmHead(),
            &checkpoint.tensor("model.embed_tokens.weight"));
  const TensorInfo &kProj =
      checkpoint.tensor("model.layers.1.self_attn.k_proj.weight");
  EXPECT_EQ(kProj.shape, (std::vector<int64_t>{32, 64}));
  EXPECT_EQ(kProj.dtype, DType::BF16);
  std::string message =
      errorOf([&] { checkpoint.tensor("model.layers.2.mlp.up_proj.weight"); });
  EXPECT_NE(message.find("no tensor 'model.layers.2.mlp.up_proj.weight'"),
            std::string::npos)
      << message;
}

TEST(Checkpoint, UntiedCheckpointsHaveTheirOwnHead) {
  test::TempDir temp;
  writeRandom(temp.path() / "m", /*tied=*/false);
  Checkpoint checkpoint = Checkpoint::open(temp.path() / "m");
  EXPECT_NO_THROW(checkpoint.validateQwen3(checkpoint.config()));
  EXPECT_EQ(checkpoint.lmHead().name, "lm_head.weight");
}

TEST(Checkpoint, OpensShardsThroughTheIndex) {
  test::TempDir temp;
  writeRandom(temp.path() / "one", /*tied=*/false);
  // The embedding (64 KiB) is larger than a shard and gets one of its own.
  writeRandom(temp.path() / "many", /*tied=*/false, 20'000);
  Checkpoint one = Checkpoint::open(temp.path() / "one");
  Checkpoint many = Checkpoint::open(temp.path() / "many");
  EXPECT_FALSE(
      std::filesystem::exists(temp.path() / "many" / "model.safetensors"));
  ASSERT_GT(many.files().size(), 3u);
  std::size_t count = many.files().size();
  for (std::size_t i = 0; i < count; ++i) {
    char name[64];
    std::snprintf(name, sizeof name, "model-%05zu-of-%05zu.safetensors", i + 1,
                  count);
    EXPECT_EQ(many.files()[i].path().filename(), name);
    // Only a tensor larger than the limit makes a shard larger.
    if (many.files()[i].tensors().size() > 1) {
      EXPECT_LE(std::filesystem::file_size(many.files()[i].path()),
                20'000u + 4096u);
    }
  }
  EXPECT_NO_THROW(many.validateQwen3(many.config()));

  auto index = nlohmann::json::parse(
      test::readFile(temp.path() / "many" / "model.safetensors.index.json"));
  uint64_t total = 0;
  for (const TensorSpec &spec : qwen3Tensors(one.config())) {
    SCOPED_TRACE(spec.name);
    const TensorInfo &a = one.tensor(spec.name);
    const TensorInfo &b = many.tensor(spec.name);
    // Sharding moves tensors between files but does not change them.
    ASSERT_EQ(a.data.size(), b.data.size());
    EXPECT_TRUE(std::equal(a.data.begin(), a.data.end(), b.data.begin()));
    EXPECT_EQ(index["weight_map"][spec.name], b.file.filename().string());
    total += b.data.size();
  }
  EXPECT_EQ(index["metadata"]["total_size"], total);
}

TEST(Checkpoint, IndexNamingAMissingShard) {
  test::TempDir temp;
  writeRandom(temp.path() / "m", true, 20'000);
  std::filesystem::path indexPath =
      temp.path() / "m" / "model.safetensors.index.json";
  auto index = nlohmann::json::parse(test::readFile(indexPath));
  index["weight_map"]["model.norm.weight"] = "model-00099-of-00099.safetensors";
  test::writeFile(indexPath, index.dump());
  std::string message = errorOf([&] { Checkpoint::open(temp.path() / "m"); });
  EXPECT_NE(message.find("model.safetensors.index.json: shard "
                         "'model-00099-of-00099.safetensors'"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("does not exist"), std::string::npos) << message;
}

TEST(Checkpoint, IndexNamingAMissingTensor) {
  test::TempDir temp;
  writeRandom(temp.path() / "m", true, 20'000);
  std::filesystem::path indexPath =
      temp.path() / "m" / "model.safetensors.index.json";
  auto index = nlohmann::json::parse(test::readFile(indexPath));
  index["weight_map"]["model.extra.weight"] =
      index["weight_map"]["model.embed_tokens.weight"];
  test::writeFile(indexPath, index.dump());
  std::string message = errorOf([&] { Checkpoint::open(temp.path() / "m"); });
  EXPECT_NE(message.find("tensor 'model.extra.weight' named in weight_map is "
                         "not in shard 'model-00001-of-"),
            std::string::npos)
      << message;
}

TEST(Checkpoint, IndexMustStayInTheDirectory) {
  test::TempDir temp;
  std::filesystem::path dir = temp.path() / "m";
  writeHandBuilt(dir, test::smallConfigJson());
  std::filesystem::rename(dir / "model.safetensors",
                          temp.path() / "outside.safetensors");
  test::writeFile(
      dir / "model.safetensors.index.json",
      R"({"metadata": {}, "weight_map": {"a": "../outside.safetensors"}})");
  EXPECT_NE(errorOf([&] {
              Checkpoint::open(dir);
            }).find("not a file name in the directory"),
            std::string::npos);
  test::writeFile(dir / "model.safetensors.index.json", R"({"metadata": {}})");
  EXPECT_NE(errorOf([&] { Checkpoint::open(dir); }).find("weight_map"),
            std::string::npos);
}

TEST(Checkpoint, DirectoryWithoutWeights) {
  test::TempDir temp;
  test::writeFile(temp.path() / "config.json", test::smallConfigJson());
  std::string message = errorOf([&] { Checkpoint::open(temp.path()); });
  EXPECT_NE(message.find("neither model.safetensors nor "
                         "model.safetensors.index.json exists"),
            std::string::npos)
      << message;
  EXPECT_NE(errorOf([&] {
              Checkpoint::open(temp.path() / "absent");
            }).find("not a directory"),
            std::string::npos);
}

TEST(Checkpoint, ValidateNamesAMissingTensor) {
  test::TempDir temp;
  writeHandBuilt(temp.path(), test::smallConfigJson(), [](auto &entries) {
    std::erase_if(entries, [](const Entry &e) {
      return e.name == "model.layers.1.mlp.up_proj.weight";
    });
  });
  Checkpoint checkpoint = Checkpoint::open(temp.path());
  std::string message =
      errorOf([&] { checkpoint.validateQwen3(checkpoint.config()); });
  EXPECT_NE(message.find("missing tensor 'model.layers.1.mlp.up_proj.weight'"),
            std::string::npos)
      << message;
  // An untied config needs lm_head.weight, which a tied checkpoint lacks.
  message = errorOf([&] {
    checkpoint.validateQwen3(Config::parse(test::smallConfigJson(false), ""));
  });
  EXPECT_NE(message.find("model.layers.1.mlp.up_proj.weight"),
            std::string::npos);
}

TEST(Checkpoint, ValidateComparesTheLayerCountFirst) {
  test::TempDir temp;
  writeHandBuilt(temp.path(), test::smallConfigJson(), [](auto &) {});
  Checkpoint checkpoint = Checkpoint::open(temp.path());
  auto json = nlohmann::json::parse(test::smallConfigJson());
  json["num_hidden_layers"] = 4000;
  std::string message = errorOf([&] {
    checkpoint.validateQwen3(Config::parse(json.dump(), "cfg.json"));
  });
  EXPECT_NE(message.find("num_hidden_layers is 4000, but the weights hold 2 "
                         "layers"),
            std::string::npos)
      << message;
}

TEST(Checkpoint, ValidateNamesAWrongShape) {
  test::TempDir temp;
  writeHandBuilt(temp.path(), test::smallConfigJson(), [](auto &entries) {
    for (Entry &e : entries)
      if (e.name == "model.layers.1.self_attn.k_proj.weight")
        e.shape = {16, 64};
  });
  Checkpoint checkpoint = Checkpoint::open(temp.path());
  std::string message =
      errorOf([&] { checkpoint.validateQwen3(checkpoint.config()); });
  EXPECT_NE(message.find("model.layers.1.self_attn.k_proj.weight: expected "
                         "[32, 64], found [16, 64]"),
            std::string::npos)
      << message;
}

TEST(Checkpoint, ValidateNamesAnUnsupportedDType) {
  test::TempDir temp;
  writeHandBuilt(temp.path(), test::smallConfigJson(), [](auto &entries) {
    for (Entry &e : entries)
      if (e.name == "model.layers.0.self_attn.q_norm.weight")
        e.dtype = "I32";
  });
  Checkpoint checkpoint = Checkpoint::open(temp.path());
  std::string message =
      errorOf([&] { checkpoint.validateQwen3(checkpoint.config()); });
  EXPECT_NE(message.find("model.layers.0.self_attn.q_norm.weight: dtype I32 "
                         "is not supported"),
            std::string::npos)
      << message;
}

TEST(Checkpoint, MixedDTypesAreAccepted) {
  test::TempDir temp;
  writeHandBuilt(temp.path(), test::smallConfigJson(), [](auto &entries) {
    for (std::size_t i = 0; i < entries.size(); ++i)
      entries[i].dtype = i % 3 == 0 ? "F32" : i % 3 == 1 ? "F16" : "BF16";
  });
  Checkpoint checkpoint = Checkpoint::open(temp.path());
  EXPECT_NO_THROW(checkpoint.validateQwen3(checkpoint.config()));
  EXPECT_EQ(checkpoint.tensor("model.embed_tokens.weight").dtype, DType::F32);
}

TEST(Checkpoint, TiedCheckpointsMayCarryAHead) {
  std::string config = test::smallConfigJson(/*tied=*/true);
  test::TempDir temp;
  writeHandBuilt(temp.path() / "ok", config, [](auto &entries) {
    entries.push_back({"lm_head.weight", "BF16", {512, 64}});
  });
  Checkpoint ok = Checkpoint::open(temp.path() / "ok");
  EXPECT_NO_THROW(ok.validateQwen3(ok.config()));
  EXPECT_EQ(ok.lmHead().name, "lm_head.weight");

  writeHandBuilt(temp.path() / "bad", config, [](auto &entries) {
    entries.push_back({"lm_head.weight", "BF16", {64, 512}});
  });
  Checkpoint bad = Checkpoint::open(temp.path() / "bad");
  EXPECT_NE(errorOf([&] {
              bad.validateQwen3(bad.config());
            }).find("lm_head.weight: expected [512, 64], found [64, 512]"),
            std::string::npos);
}

TEST(Checkpoint, LayoutOfThe06BPreset) {
  Config config;
  config.vocabSize = 151936;
  config.hiddenSize = 1024;
  config.intermediateSize = 3072;
  config.numLayers = 28;
  config.numHeads = 16;
  config.numKvHeads = 8;
  config.headDim = 128;
  config.tieWordEmbeddings = true;
  std::vector<TensorSpec> specs = qwen3Tensors(config);
  EXPECT_EQ(specs.size(), 2u + 28u * 11u);
  int64_t parameters = 0;
  for (const TensorSpec &spec : specs) {
    int64_t count = 1;
    for (int64_t extent : spec.shape)
      count *= extent;
    parameters += count;
  }
  // Qwen3-0.6B: 596,049,920 parameters with the embedding counted once.
  EXPECT_EQ(parameters, 596'049'920);
  EXPECT_EQ(specs[2].name, "model.layers.0.self_attn.q_proj.weight");
  EXPECT_EQ(specs[2].shape, (std::vector<int64_t>{2048, 1024}));
  EXPECT_EQ(specs[5].shape, (std::vector<int64_t>{1024, 2048}));
  EXPECT_TRUE(specs[6].isNorm);
}

} // namespace
} // namespace qwen3
