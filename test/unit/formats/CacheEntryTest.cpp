//===- CacheEntryTest.cpp - The kernel cache's entry contract -------------===//

#include "tile/formats/CacheEntry.h"
#include "tile/formats/Sha256.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

using namespace tile::formats;

namespace {

/// Sets (or, given nothing, unsets) an environment variable for the life of
/// the object, then restores it.
class ScopedEnv {
public:
  ScopedEnv(const char *name, std::optional<std::string> value) : name(name) {
    if (const char *old = std::getenv(name))
      saved = old;
    set(value);
  }
  ~ScopedEnv() { set(saved); }
  ScopedEnv(const ScopedEnv &) = delete;
  ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
  void set(const std::optional<std::string> &value) {
    if (value)
      setenv(name, value->c_str(), 1);
    else
      unsetenv(name);
  }
  const char *name;
  std::optional<std::string> saved;
};

const std::string kKey(64, 'a');

/// The JSON of entry kKey whose cubin is "abc".
std::string recordJson(const std::string &fields = "") {
  return R"({"format": 1, "key": ")" + kKey +
         R"(", "cubin": {"size": 3, "sha256": ")" + sha256Hex("abc") +
         "\"}" + fields + "}";
}

/// The problem readEntry() finds in `json` for entry kKey.
EntryProblem problemIn(const std::string &json) {
  EntryRecord entry;
  return readEntry(json, kKey, entry);
}

} // namespace

TEST(CacheKey, RecognizesKeys) {
  EXPECT_TRUE(isCacheKey(std::string(64, '0')));
  EXPECT_TRUE(isCacheKey(std::string(32, 'a') + std::string(32, 'f')));
  EXPECT_FALSE(isCacheKey(""));
  EXPECT_FALSE(isCacheKey(std::string(63, 'a')));
  EXPECT_FALSE(isCacheKey(std::string(65, 'a')));
  EXPECT_FALSE(isCacheKey(std::string(64, 'A')));
  EXPECT_FALSE(isCacheKey(std::string(63, 'a') + "g"));
  EXPECT_FALSE(isCacheKey("../" + std::string(61, 'a')));
}

TEST(CacheKey, RecognizesPrefixes) {
  EXPECT_TRUE(isCacheKeyPrefix("0"));
  EXPECT_TRUE(isCacheKeyPrefix("3f0c"));
  EXPECT_TRUE(isCacheKeyPrefix(std::string(64, 'e')));
  EXPECT_FALSE(isCacheKeyPrefix(""));
  EXPECT_FALSE(isCacheKeyPrefix("3F0C"));
  EXPECT_FALSE(isCacheKeyPrefix("xyz"));
  EXPECT_FALSE(isCacheKeyPrefix(std::string(65, 'e')));
}

TEST(CacheDirectory, FollowsTheEnvironment) {
  ScopedEnv home("HOME", "/home/someone");
  {
    ScopedEnv tile("TILE_CACHE_DIR", "/somewhere/kernels");
    ScopedEnv xdg("XDG_CACHE_HOME", "/xdg");
    EXPECT_EQ(defaultCacheDirectory(), "/somewhere/kernels");
  }
  {
    ScopedEnv tile("TILE_CACHE_DIR", std::nullopt);
    ScopedEnv xdg("XDG_CACHE_HOME", "/xdg");
    EXPECT_EQ(defaultCacheDirectory(), "/xdg/tile/kernels");
  }
  {
    ScopedEnv tile("TILE_CACHE_DIR", std::nullopt);
    ScopedEnv xdg("XDG_CACHE_HOME", std::nullopt);
    EXPECT_EQ(defaultCacheDirectory(), "/home/someone/.cache/tile/kernels");
  }
  {
    // Empty variables count as unset.
    ScopedEnv tile("TILE_CACHE_DIR", "");
    ScopedEnv xdg("XDG_CACHE_HOME", "");
    EXPECT_EQ(defaultCacheDirectory(), "/home/someone/.cache/tile/kernels");
  }
}

TEST(CacheDirectory, AGivenDirectoryComesFirst) {
  ScopedEnv cache("TILE_CACHE_DIR", "/from/env");
  EXPECT_EQ(cacheDirectory("given/dir"), std::filesystem::path("given/dir"));
  EXPECT_EQ(cacheDirectory(""), std::filesystem::path("/from/env"));
}

TEST(CacheEntry, FileNames) {
  EXPECT_EQ(cacheEntryFileName(kKey, "cubin"), kKey + ".cubin");
  EXPECT_EQ(cacheEntryFileName(kKey, "json"), kKey + ".json");
}

TEST(CacheEntry, ReadsTheRecordAndChecksTheCubin) {
  EntryRecord entry;
  EXPECT_FALSE(readEntry(recordJson(R"(, "kernels": [])"), kKey, entry));
  const CubinRecord &record = entry.cubin;
  EXPECT_EQ(entry.key, kKey);
  EXPECT_EQ(record.size, 3);
  EXPECT_EQ(record.sha256, sha256Hex("abc"));
  EXPECT_FALSE(checkCubin(record, "abc"));
  // What a store writes is what a lookup accepts.
  CubinRecord written = recordOf("abc");
  EXPECT_EQ(written.size, record.size);
  EXPECT_EQ(written.sha256, record.sha256);
}

TEST(CacheEntry, RejectsACubinThatDiffers) {
  CubinRecord record = recordOf("abc");
  EntryProblem size = checkCubin(record, "abcd");
  EXPECT_EQ(size.kind, CorruptionKind::SizeMismatch);
  EXPECT_EQ(size.reason, "the cubin has 4 bytes, its JSON records 3");
  EntryProblem hash = checkCubin(record, "abC");
  EXPECT_EQ(hash.kind, CorruptionKind::HashMismatch);
  EXPECT_EQ(hash.reason, "the cubin's SHA-256 " + sha256Hex("abC") +
                             " does not match " + sha256Hex("abc") +
                             " recorded in its JSON");
}

TEST(CacheEntry, RejectsRecordsThatAreWrong) {
  struct Case {
    std::string json;
    CorruptionKind kind;
    std::string reason;
  };
  std::string hash = sha256Hex("abc");
  const Case cases[] = {
      {"{ not json", CorruptionKind::UnparsableJSON,
       "its JSON is not a JSON object"},
      {"", CorruptionKind::UnparsableJSON, "its JSON is not a JSON object"},
      {"[1, 2]", CorruptionKind::UnparsableJSON,
       "its JSON is not a JSON object"},
      {R"({"key": ")" + kKey + "\"}", CorruptionKind::UnsupportedFormat,
       "its JSON has no \"format\""},
      {R"({"format": 2})", CorruptionKind::UnsupportedFormat,
       "its JSON has format 2 (this version reads format 1)"},
      {R"({"format": "1"})", CorruptionKind::UnsupportedFormat,
       "its JSON has format \"1\" (this version reads format 1)"},
      {R"({"format": 1})", CorruptionKind::KeyMismatch,
       "its JSON names no key"},
      {R"({"format": 1, "key": ")" + std::string(64, 'b') + "\"}",
       CorruptionKind::KeyMismatch,
       "its JSON names another key, \"" + std::string(64, 'b') + "\""},
      {R"({"format": 1, "key": ")" + kKey + "\"}",
       CorruptionKind::MissingCubinInfo,
       "its JSON has no valid cubin size and SHA-256"},
      {R"({"format": 1, "key": ")" + kKey +
           R"(", "cubin": {"size": -3, "sha256": ")" + hash + "\"}}",
       CorruptionKind::MissingCubinInfo,
       "its JSON has no valid cubin size and SHA-256"},
      {R"({"format": 1, "key": ")" + kKey +
           R"(", "cubin": {"size": "3", "sha256": ")" + hash + "\"}}",
       CorruptionKind::MissingCubinInfo,
       "its JSON has no valid cubin size and SHA-256"},
      {R"({"format": 1, "key": ")" + kKey + R"(", "cubin": {"size": 3}})",
       CorruptionKind::MissingCubinInfo,
       "its JSON has no valid cubin size and SHA-256"},
      {recordJson(), CorruptionKind::MalformedKernels, "no kernel list"},
      {recordJson(R"(, "kernels": {})"), CorruptionKind::MalformedKernels,
       "no kernel list"},
      {recordJson(R"(, "kernels": [7])"), CorruptionKind::MalformedKernels,
       "malformed kernel metadata for '?': it is not an object"},
  };
  for (const Case &c : cases) {
    EntryProblem problem = problemIn(c.json);
    EXPECT_EQ(problem.kind, c.kind) << c.json;
    EXPECT_EQ(problem.reason, c.reason) << c.json;
  }
}

TEST(CorruptionKindName, NamesEveryKind) {
  EXPECT_EQ(corruptionKindName(CorruptionKind::None), "none");
  EXPECT_EQ(corruptionKindName(CorruptionKind::InvalidKey), "invalid-key");
  EXPECT_EQ(corruptionKindName(CorruptionKind::UnreadableJSON),
            "unreadable-json");
  EXPECT_EQ(corruptionKindName(CorruptionKind::UnparsableJSON),
            "unparsable-json");
  EXPECT_EQ(corruptionKindName(CorruptionKind::UnsupportedFormat),
            "unsupported-format");
  EXPECT_EQ(corruptionKindName(CorruptionKind::KeyMismatch), "key-mismatch");
  EXPECT_EQ(corruptionKindName(CorruptionKind::MissingCubinInfo),
            "missing-cubin-info");
  EXPECT_EQ(corruptionKindName(CorruptionKind::MalformedKernels),
            "malformed-kernels");
  EXPECT_EQ(corruptionKindName(CorruptionKind::MissingCubin), "missing-cubin");
  EXPECT_EQ(corruptionKindName(CorruptionKind::UnreadableCubin),
            "unreadable-cubin");
  EXPECT_EQ(corruptionKindName(CorruptionKind::SizeMismatch), "size-mismatch");
  EXPECT_EQ(corruptionKindName(CorruptionKind::HashMismatch), "hash-mismatch");
}

TEST(CacheEntry, WritesWhatItReads) {
  EntryRecord written;
  written.key = kKey;
  written.compiler = "tilecc 0.1.0";
  written.target = "sm_90a";
  written.source = "saxpy.cpp";
  written.cubin = recordOf("abc");
  KernelRecord kernel;
  kernel.name = "saxpy<1024>";
  kernel.launch = {"saxpy_1024", {128, 1, 1}, 256, true, 3};
  kernel.params = {{"y", ParamKind::Piece, "f32", 1, {1024}},
                   {"x", ParamKind::View, "bf16", 2, {}},
                   {"a", ParamKind::Scalar, "f32", 0, {}}};
  kernel.tensorMaps = {{1, {64, 64}, 128}};
  kernel.fallback = LaunchRecord{"saxpy_1024_copies", {64, 2, 1}, 0, false};
  kernel.tuned = {{"NVIDIA H100 80GB HBM3", "saxpy<1024>"}};
  written.kernels = {kernel};
  for (JsonLayout layout : {JsonLayout::Indented, JsonLayout::Compact}) {
    std::string json = writeEntryJson(written, layout);
    EXPECT_EQ(json.find('\n') == std::string::npos,
              layout == JsonLayout::Compact);
    EntryRecord read;
    ASSERT_FALSE(readEntry(json, kKey, read)) << json;
    EXPECT_EQ(read.compiler, written.compiler);
    EXPECT_EQ(read.target, written.target);
    EXPECT_EQ(read.source, written.source);
    EXPECT_EQ(read.cubin.size, 3);
    EXPECT_EQ(read.cubin.sha256, written.cubin.sha256);
    ASSERT_EQ(read.kernels.size(), 1u);
    const KernelRecord &back = read.kernels[0];
    EXPECT_EQ(back.name, kernel.name);
    EXPECT_EQ(back.launch.entry, "saxpy_1024");
    EXPECT_EQ(back.launch.block, (std::array<unsigned, 3>{128, 1, 1}));
    EXPECT_EQ(back.launch.sharedBytes, 256u);
    EXPECT_TRUE(back.launch.gridDependency);
    EXPECT_EQ(back.launch.persistent, 3u);
    // Written only for an entry whose programs walk the pieces.
    ASSERT_TRUE(back.fallback);
    EXPECT_EQ(back.fallback->persistent, 0u);
    EXPECT_EQ(json.find("\"persistent\""), json.rfind("\"persistent\""));
    ASSERT_EQ(back.params.size(), 3u);
    EXPECT_EQ(back.params[0].kind, ParamKind::Piece);
    EXPECT_EQ(back.params[0].tile, std::vector<int64_t>{1024});
    EXPECT_EQ(back.params[1].kind, ParamKind::View);
    EXPECT_EQ(back.params[1].dtype, "bf16");
    EXPECT_EQ(back.params[1].rank, 2);
    EXPECT_EQ(back.params[2].kind, ParamKind::Scalar);
    ASSERT_EQ(back.tensorMaps.size(), 1u);
    EXPECT_EQ(back.tensorMaps[0].view, 1u);
    EXPECT_EQ(back.tensorMaps[0].box, (std::vector<uint32_t>{64, 64}));
    EXPECT_EQ(back.tensorMaps[0].swizzle, 128u);
    ASSERT_TRUE(back.fallback);
    EXPECT_EQ(back.fallback->entry, "saxpy_1024_copies");
    EXPECT_EQ(back.fallback->block, (std::array<unsigned, 3>{64, 2, 1}));
    ASSERT_EQ(back.tuned.size(), 1u);
    EXPECT_EQ(back.tuned[0].device, "NVIDIA H100 80GB HBM3");
  }
}

TEST(CacheEntry, LeavesOutAnEmptyCompilerAndSource) {
  EntryRecord written;
  written.key = kKey;
  written.target = "sm_90a";
  written.cubin = recordOf("abc");
  std::string json = writeEntryJson(written, JsonLayout::Compact);
  EXPECT_EQ(json.find("compiler"), std::string::npos) << json;
  EXPECT_EQ(json.find("source"), std::string::npos) << json;
  EntryRecord read;
  EXPECT_FALSE(readEntry(json, kKey, read)) << json;
}

TEST(CacheEntry, WritesASourcePathThatIsNotUtf8) {
  EntryRecord written;
  written.key = kKey;
  written.source = "k\xff.cpp";
  written.cubin = recordOf("abc");
  EntryRecord read;
  EXPECT_FALSE(readEntry(writeEntryJson(written), kKey, read));
  EXPECT_EQ(read.source, "k\xef\xbf\xbd.cpp");
}

TEST(CacheEntry, KeepsWhatItReadBeforeAProblem) {
  EntryRecord read;
  EntryProblem problem = readEntry(
      R"({"format": 2, "target": "sm_90a", "source": "k.cpp"})", kKey, read);
  EXPECT_EQ(problem.kind, CorruptionKind::UnsupportedFormat);
  EXPECT_EQ(read.target, "sm_90a");
  EXPECT_EQ(read.source, "k.cpp");
}

TEST(Manifest, NamesItsKey) {
  std::string error;
  EXPECT_EQ(readManifestKey(recordJson(R"(, "kernels": [])"), error), kKey);
  EXPECT_EQ(readManifestKey(R"({"kernels": []})", error), "");
  EXPECT_EQ(error, "names no key");
  EXPECT_EQ(readManifestKey(R"({"key": 7})", error), "");
  EXPECT_EQ(error, "names no key");
  EXPECT_EQ(readManifestKey("[1]", error), "");
  EXPECT_EQ(error, "is not a JSON object");
  EXPECT_EQ(readManifestKey("", error), "");
  EXPECT_EQ(error, "is not a JSON object");
}
