//===- CacheReaderTest.cpp - Verified cache reads and every refusal -------===//

#include "tile/runtime/CacheReader.h"
#include "tile/runtime/Error.h"
#include "tile/formats/CacheEntry.h"
#include "tile/formats/Sha256.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>
#include <random>

using namespace tile::rt;
namespace fs = std::filesystem;

namespace {

/// The SHA-256 of "abc" (FIPS 180-2, appendix B.1).
constexpr const char *kAbcSha256 =
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

class CacheReaderTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("tile-runtime-test-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir);
    writeCubin(cubin);
    json = {
        {"format", 1},
        {"key", key},
        {"compiler", "tilecc 0.1.0"},
        {"target", "sm_90"},
        {"source", "examples/saxpy.cpp"},
        {"cubin", {{"size", cubin.size()}, {"sha256", kAbcSha256}}},
        {"kernels",
         {{{"name", "saxpy<1024>"},
           {"entry", "saxpy_1024"},
           {"block", {128, 1, 1}},
           {"shared_bytes", 0},
           {"params",
            {{{"name", "y"},
              {"kind", "piece"},
              {"dtype", "f32"},
              {"rank", 1},
              {"tile", {1024}}},
             {{"name", "x"}, {"kind", "view"}, {"dtype", "f32"}, {"rank", 1}},
             {{"name", "a"}, {"kind", "scalar"}, {"dtype", "f32"}}}}}}}};
    writeJson();
  }
  void TearDown() override { fs::remove_all(dir); }

  void writeCubin(const std::string &bytes) {
    std::ofstream(dir / (key + ".cubin"), std::ios::binary) << bytes;
  }
  void writeJson() { std::ofstream(dir / (key + ".json")) << json.dump(2); }

  /// The message loadEntry fails with, or "loaded".
  std::string failure(const std::string &name = "") {
    try {
      loadEntry(dir, name.empty() ? key : name);
    } catch (const Error &e) {
      return e.what();
    }
    return "loaded";
  }

  fs::path dir;
  std::string key = std::string(60, 'a') + "0f9e";
  std::string cubin = "abc";
  nlohmann::json json;
};

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_F(CacheReaderTest, LoadsAValidEntry) {
  CacheEntry entry = loadEntry(dir, key);
  EXPECT_EQ(entry.key, key);
  EXPECT_EQ(entry.target, "sm_90");
  ASSERT_EQ(entry.cubin.size(), 3u);
  EXPECT_EQ(entry.cubin[0], std::byte{'a'});
  EXPECT_EQ(entry.cubin[2], std::byte{'c'});
  ASSERT_EQ(entry.kernels.size(), 1u);
  const KernelInfo &kernel = entry.kernel("saxpy<1024>");
  EXPECT_EQ(&kernel, &entry.kernel("saxpy_1024"));
  EXPECT_EQ(kernel.block, (std::array<unsigned, 3>{128, 1, 1}));
  ASSERT_EQ(kernel.params.size(), 3u);
  EXPECT_EQ(kernel.params[0].kind, ParamKind::Piece);
  EXPECT_EQ(kernel.params[0].tile, std::vector<int64_t>{1024});
  EXPECT_EQ(kernel.params[1].kind, ParamKind::View);
  EXPECT_EQ(kernel.params[2].kind, ParamKind::Scalar);
}

TEST_F(CacheReaderTest, LoadsAnEntryWritten) {
  // An entry whose hash is computed here rather than published.
  cubin = std::string("\x7f"
                      "ELF\0\1\2",
                      7);
  writeCubin(cubin);
  json["cubin"] = {{"size", cubin.size()},
                   {"sha256", tile::formats::sha256Hex(cubin.data(), cubin.size())}};
  writeJson();
  EXPECT_EQ(loadEntry(dir, key).cubin.size(), 7u);
}

TEST_F(CacheReaderTest, NamesAMissingKernel) {
  CacheEntry entry = loadEntry(dir, key);
  try {
    entry.kernel("gemm");
    FAIL() << "found a kernel that is not there";
  } catch (const Error &e) {
    EXPECT_TRUE(contains(e.what(), "no kernel 'gemm'")) << e.what();
    EXPECT_TRUE(contains(e.what(), "it has: saxpy<1024>")) << e.what();
  }
}

TEST_F(CacheReaderTest, MissingEntry) {
  fs::remove(dir / (key + ".json"));
  EXPECT_TRUE(contains(failure(), "is not in '" + dir.string() + "'"))
      << failure();
  // A cubin without its JSON is not an entry yet (the JSON is written last).
  EXPECT_TRUE(contains(failure(), "compile the kernels with tilecc"));
}

TEST_F(CacheReaderTest, MissingCubin) {
  fs::remove(dir / (key + ".cubin"));
  EXPECT_TRUE(contains(failure(), "corrupt kernel cache entry '" +
                                      (dir / (key + ".cubin")).string() +
                                      "': the file is missing"))
      << failure();
}

TEST_F(CacheReaderTest, TruncatedCubin) {
  writeCubin("ab");
  EXPECT_TRUE(contains(failure(), "corrupt kernel cache entry '" +
                                      (dir / (key + ".cubin")).string() +
                                      "': the cubin has 2 bytes, its JSON records 3"))
      << failure();
}

TEST_F(CacheReaderTest, FlippedByte) {
  writeCubin("abC");
  EXPECT_TRUE(contains(failure(),
                       (dir / (key + ".cubin")).string() +
                           "': the cubin's SHA-256 "))
      << failure();
  EXPECT_TRUE(contains(failure(), std::string("does not match ") + kAbcSha256 +
                                      " recorded in its JSON"))
      << failure();
}

TEST_F(CacheReaderTest, WrongSizeInTheMetadata) {
  json["cubin"]["size"] = 4;
  writeJson();
  EXPECT_TRUE(contains(failure(), "the cubin has 3 bytes, its JSON records 4"))
      << failure();
}

TEST_F(CacheReaderTest, WrongHashInTheMetadata) {
  json["cubin"]["sha256"] = std::string(64, '0');
  writeJson();
  EXPECT_TRUE(contains(failure(), "does not match")) << failure();
}

TEST_F(CacheReaderTest, UpperCaseHashIsNotTheRecordedForm) {
  std::string upper = kAbcSha256;
  for (char &c : upper)
    c = char(std::toupper(c));
  json["cubin"]["sha256"] = upper;
  writeJson();
  EXPECT_TRUE(contains(failure(), "does not match")) << failure();
}

TEST_F(CacheReaderTest, WrongKeyInTheMetadata) {
  json["key"] = std::string(64, 'b');
  writeJson();
  EXPECT_TRUE(contains(failure(), key + ".json': its JSON names another key, \"bbbb"))
      << failure();
}

TEST_F(CacheReaderTest, UnsupportedFormat) {
  json["format"] = 2;
  writeJson();
  EXPECT_TRUE(contains(failure(), "its JSON has format 2")) << failure();
  json["format"] = "1";
  writeJson();
  EXPECT_TRUE(contains(failure(), "its JSON has format \"1\"")) << failure();
}

TEST_F(CacheReaderTest, MetadataThatIsNotJson) {
  std::ofstream(dir / (key + ".json")) << "{ \"format\": 1, ";
  EXPECT_TRUE(contains(failure(), key + ".json': its JSON is not a JSON object"))
      << failure();
  std::ofstream(dir / (key + ".json")) << "[1, 2]";
  EXPECT_TRUE(contains(failure(), "not a JSON object")) << failure();
  std::ofstream(dir / (key + ".json")) << "";
  EXPECT_TRUE(contains(failure(), "not a JSON object")) << failure();
}

TEST_F(CacheReaderTest, MissingOrMistypedFields) {
  for (const char *field : {"format", "key", "cubin", "kernels"}) {
    nlohmann::json saved = json;
    json.erase(field);
    writeJson();
    EXPECT_TRUE(contains(failure(), "corrupt kernel cache entry"))
        << field << ": " << failure();
    json = saved;
  }
  json["cubin"]["size"] = "3";
  writeJson();
  EXPECT_TRUE(contains(failure(), "no valid cubin size and SHA-256"))
      << failure();
  json["cubin"]["size"] = -3;
  writeJson();
  EXPECT_TRUE(contains(failure(), "no valid cubin size and SHA-256"))
      << failure();
  json["cubin"] = {{"size", 3}, {"sha256", kAbcSha256}};
  json["kernels"] = "saxpy";
  writeJson();
  EXPECT_TRUE(contains(failure(), "no kernel list")) << failure();
}

TEST_F(CacheReaderTest, MalformedKernelDescription) {
  json["kernels"][0]["params"][0]["dtype"] = "f128";
  writeJson();
  EXPECT_TRUE(contains(failure(), "corrupt kernel cache entry")) << failure();
  EXPECT_TRUE(contains(failure(), "unknown element type 'f128'")) << failure();
  json["kernels"][0].erase("entry");
  writeJson();
  EXPECT_TRUE(contains(failure(), "malformed kernel metadata for "
                                  "'saxpy<1024>'"))
      << failure();
}

TEST_F(CacheReaderTest, RefusesNamesThatAreNotKeys) {
  EXPECT_TRUE(contains(failure("../" + key), "is not a kernel cache key"))
      << failure("../" + key);
  EXPECT_TRUE(
      contains(failure(std::string(64, 'A')), "is not a kernel cache key"));
  EXPECT_TRUE(contains(failure("abc"), "is not a kernel cache key"));
  EXPECT_TRUE(tile::formats::isCacheKey(key));
  EXPECT_FALSE(tile::formats::isCacheKey(key + "0"));
}

TEST_F(CacheReaderTest, ThroughAManifest) {
  std::ofstream(dir / "saxpy.json") << json.dump();
  CacheEntry entry = loadManifest(dir / "saxpy.json", dir);
  EXPECT_EQ(entry.key, key);
  EXPECT_EQ(entry.kernel("saxpy<1024>").entry, "saxpy_1024");
}

TEST_F(CacheReaderTest, BrokenManifests) {
  auto manifestFailure = [&](const std::string &text) {
    std::ofstream(dir / "m.json") << text;
    try {
      loadManifest(dir / "m.json", dir);
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string("loaded");
  };
  EXPECT_TRUE(contains(manifestFailure(R"({"kernels": []})"), "names no key"));
  EXPECT_TRUE(contains(manifestFailure("not json"), "is not a JSON object"));
  std::string other = std::string(64, 'c');
  std::string message = manifestFailure(R"({"key": ")" + other + R"("})");
  EXPECT_TRUE(contains(message, "kernel cache entry " + other + " is not in"))
      << message;
  EXPECT_TRUE(contains(message, "named by '" + (dir / "m.json").string()))
      << message;
  fs::remove(dir / "m.json");
  EXPECT_TRUE(contains(manifestFailure(""), "is not a JSON object"));
  try {
    loadManifest(dir / "absent.json", dir);
    FAIL() << "loaded an absent manifest";
  } catch (const Error &e) {
    EXPECT_TRUE(contains(e.what(), "cannot read '" +
                                       (dir / "absent.json").string() +
                                       "': no such file"))
        << e.what();
  }
}

TEST_F(CacheReaderTest, ReadsOnlyRegularFilesWhole) {
  auto manifestFailure = [&](const fs::path &manifest) {
    try {
      loadManifest(manifest, dir);
    } catch (const Error &e) {
      return std::string(e.what());
    }
    return std::string("loaded");
  };
  std::string message = manifestFailure(dir);
  EXPECT_TRUE(contains(message, "': not a regular file")) << message;
  // A file that holds fewer bytes than its size says, as sysfs's.
  fs::path shorter = "/sys/devices/system/cpu/online";
  if (!fs::exists(shorter))
    GTEST_SKIP() << shorter << " is absent";
  message = manifestFailure(shorter);
  EXPECT_TRUE(contains(message, "': it changed while being read")) << message;
}

TEST_F(CacheReaderTest, VerifiesAnEntryInMemory) {
  auto verify = [&](const std::string &bytes) {
    return verifyEntry(key, json.dump(), std::as_bytes(std::span(bytes)),
                       "in memory");
  };
  CacheEntry entry = verify(cubin);
  EXPECT_EQ(entry.key, key);
  EXPECT_EQ(entry.cubin.size(), 3u);
  EXPECT_EQ(entry.kernel("saxpy<1024>").entry, "saxpy_1024");
  try {
    verify("abd");
    FAIL() << "verified a cubin of another hash";
  } catch (const Error &e) {
    EXPECT_TRUE(
        contains(e.what(), "'" + key + " in memory (its cubin)': the cubin's SHA-256"))
        << e.what();
  }
  try {
    verifyEntry(std::string(64, 'c'), json.dump(),
                std::as_bytes(std::span(cubin)), "in memory");
    FAIL() << "verified an entry under another key";
  } catch (const Error &e) {
    EXPECT_TRUE(contains(e.what(), "(its .json)': its JSON names another key"))
        << e.what();
  }
}

/// Adds saxpy<2048>, another configuration of saxpy<1024>, and has it run
/// in saxpy<1024>'s place on `device`.
static void addTunedReplacement(nlohmann::json &json, const std::string &device,
                                const std::string &kernel = "saxpy<2048>") {
  nlohmann::json replacement = json["kernels"][0];
  replacement["name"] = "saxpy<2048>";
  replacement["entry"] = "saxpy_2048";
  replacement["params"][0]["tile"] = {2048};
  json["kernels"][0]["tuned"] = {{{"device", device}, {"kernel", kernel}}};
  json["kernels"].push_back(replacement);
}

TEST_F(CacheReaderTest, TunedKernelRunsInTheWrittenOnesPlaceOnItsGpu) {
  addTunedReplacement(json, "NVIDIA H100 80GB HBM3");
  writeJson();
  CacheEntry entry = loadEntry(dir, key);
  EXPECT_EQ(entry.tunedKernel("saxpy<1024>", "NVIDIA H100 80GB HBM3").name,
            "saxpy<2048>");
  EXPECT_EQ(entry.tunedKernel("saxpy<1024>", "NVIDIA H200").name,
            "saxpy<1024>");
  // Host mode has no GPU name; the written configuration runs.
  EXPECT_EQ(entry.tunedKernel("saxpy<1024>", "").name, "saxpy<1024>");
  // The exact lookup is unchanged.
  EXPECT_EQ(entry.kernel("saxpy<1024>").name, "saxpy<1024>");
}

TEST_F(CacheReaderTest, RejectsATunedReplacementTheEntryLacks) {
  addTunedReplacement(json, "NVIDIA H100 80GB HBM3", "saxpy<4096>");
  writeJson();
  std::string message = failure();
  EXPECT_TRUE(contains(message, "replaced on NVIDIA H100 80GB HBM3 by "
                                "'saxpy<4096>', which the entry lacks"))
      << message;
}

TEST_F(CacheReaderTest, RejectsATunedReplacementWithOtherParameters) {
  addTunedReplacement(json, "NVIDIA H100 80GB HBM3");
  json["kernels"][1]["params"][1]["dtype"] = "f16";
  writeJson();
  std::string message = failure();
  EXPECT_TRUE(contains(message, "which the entry has with other parameters"))
      << message;
}
