// Reading cache entries without LLVM: verified, or refused with a reason.
#include "tile/runtime/CacheReader.h"
#include "tile/runtime/Error.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <random>

using namespace tile::rt;
namespace fs = std::filesystem;

namespace {

class CacheReaderTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("runtime-cache-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir);
    writeEntry(cubin);
  }
  void TearDown() override { fs::remove_all(dir); }

  /// Writes an entry as tilecc does, for `bytes`.
  void writeEntry(const std::string &bytes) {
    std::ofstream(dir / (key + ".cubin"), std::ios::binary) << bytes;
    json = {
        {"format", 1},
        {"key", key},
        {"target", "sm_90"},
        {"cubin",
         {{"size", bytes.size()},
          {"sha256", sha256Hex(bytes.data(), bytes.size())}}},
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
  void writeJson() { std::ofstream(dir / (key + ".json")) << json.dump(2); }

  /// The message loadEntry fails with.
  std::string failure() {
    try {
      loadEntry(dir, key);
    } catch (const Error &e) {
      return e.what();
    }
    return "loaded";
  }

  fs::path dir;
  std::string key = std::string(64, 'a');
  std::string cubin = "\x7f"
                      "ELF pretend cubin";
  nlohmann::json json;
};

} // namespace

TEST_F(CacheReaderTest, Sha256OfKnownInput) {
  EXPECT_EQ(sha256Hex("abc", 3),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_F(CacheReaderTest, LoadsAValidEntry) {
  CacheEntry entry = loadEntry(dir, key);
  EXPECT_EQ(std::string(entry.cubin.begin(), entry.cubin.end()), cubin);
  EXPECT_EQ(entry.target, "sm_90");
  const KernelInfo &kernel = entry.kernel("saxpy<1024>");
  EXPECT_EQ(&kernel, &entry.kernel("saxpy_1024"));
  EXPECT_EQ(kernel.block, (std::array<unsigned, 3>{128, 1, 1}));
  ASSERT_EQ(kernel.params.size(), 3u);
  EXPECT_EQ(kernel.params[0].kind, ParamKind::Piece);
  EXPECT_EQ(kernel.params[0].tile, std::vector<int64_t>{1024});
  EXPECT_EQ(kernel.params[1].kind, ParamKind::View);
  EXPECT_EQ(kernel.params[2].kind, ParamKind::Scalar);
}

TEST_F(CacheReaderTest, ThroughAManifest) {
  std::ofstream(dir / "saxpy.json") << json.dump();
  EXPECT_EQ(loadManifest(dir / "saxpy.json", dir).key, key);
  std::ofstream(dir / "broken.json") << R"({"kernels": []})";
  EXPECT_THROW(loadManifest(dir / "broken.json", dir), Error);
}

TEST_F(CacheReaderTest, NamesAMissingKernel) {
  CacheEntry entry = loadEntry(dir, key);
  try {
    entry.kernel("gemm");
    FAIL();
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("it has: saxpy<1024>"),
              std::string::npos);
  }
}

TEST_F(CacheReaderTest, MissingEntry) {
  fs::remove(dir / (key + ".json"));
  EXPECT_NE(failure().find("is not in"), std::string::npos) << failure();
}

TEST_F(CacheReaderTest, TruncatedCubin) {
  std::ofstream(dir / (key + ".cubin"), std::ios::binary) << cubin.substr(0, 5);
  EXPECT_NE(failure().find("the cubin has 5 bytes"), std::string::npos)
      << failure();
}

TEST_F(CacheReaderTest, FlippedByte) {
  std::string flipped = cubin;
  flipped[3] ^= 0x20;
  std::ofstream(dir / (key + ".cubin"), std::ios::binary) << flipped;
  EXPECT_NE(failure().find("SHA-256 does not match"), std::string::npos)
      << failure();
}

TEST_F(CacheReaderTest, WrongKeyInTheMetadata) {
  json["key"] = std::string(64, 'b');
  writeJson();
  EXPECT_NE(failure().find("names another key"), std::string::npos)
      << failure();
}

TEST_F(CacheReaderTest, UnsupportedFormat) {
  json["format"] = 2;
  writeJson();
  EXPECT_NE(failure().find("unsupported format"), std::string::npos)
      << failure();
}

TEST_F(CacheReaderTest, MetadataThatIsNotJson) {
  std::ofstream(dir / (key + ".json")) << "{ broken";
  EXPECT_NE(failure().find("is not a JSON object"), std::string::npos)
      << failure();
}

TEST_F(CacheReaderTest, MalformedKernelDescription) {
  json["kernels"][0]["params"][0]["dtype"] = "f64";
  writeJson();
  EXPECT_NE(failure().find("unknown element type 'f64'"), std::string::npos)
      << failure();
  json["kernels"][0].erase("entry");
  writeJson();
  EXPECT_NE(failure().find("malformed kernel metadata"), std::string::npos)
      << failure();
}

TEST(CacheDirectory, FollowsTheEnvironment) {
  setenv("TILE_CACHE_DIR", "/a/b", 1);
  EXPECT_EQ(defaultCacheDirectory(), fs::path("/a/b"));
  unsetenv("TILE_CACHE_DIR");
  setenv("XDG_CACHE_HOME", "/xdg", 1);
  EXPECT_EQ(defaultCacheDirectory(), fs::path("/xdg/tile/kernels"));
  unsetenv("XDG_CACHE_HOME");
}
