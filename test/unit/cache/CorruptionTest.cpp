//===- CorruptionTest.cpp - Every corruption detected, and repaired -------===//

#include "CacheTestSupport.h"

#include "tile/Cache/CacheKey.h"
#include "tile/formats/Sha256.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <cstring>
#include <functional>

using namespace tile::cache;
using namespace tile::cache::testing;

namespace {

/// The files of the entry under test and the bytes that were stored.
struct Entry {
  std::string cubinPath, jsonPath, cubin, key;
};

/// One way an entry gets damaged, and what lookup must say about it.
struct Corruption {
  const char *name;
  std::function<void(const Entry &)> damage;
  CorruptionKind kind;
  const char *reason;
};

/// Parses the entry's JSON, lets `edit` change it, and writes it back.
void editJSON(const Entry &entry,
              const std::function<void(llvm::json::Object &)> &edit) {
  std::optional<std::string> text = readFile(entry.jsonPath);
  ASSERT_TRUE(text.has_value());
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(*text);
  ASSERT_TRUE(static_cast<bool>(json)) << llvm::toString(json.takeError());
  edit(*json->getAsObject());
  writeFile(entry.jsonPath, llvm::formatv("{0:2}", *json).str());
}

const Corruption corruptions[] = {
    {"TruncatedCubin",
     [](const Entry &e) { writeFile(e.cubinPath, e.cubin.substr(0, 4095)); },
     CorruptionKind::SizeMismatch,
     "the cubin has 4095 bytes, its JSON records 4096"},
    {"EmptiedCubin", [](const Entry &e) { writeFile(e.cubinPath, ""); },
     CorruptionKind::SizeMismatch, "the cubin has 0 bytes, its JSON records 4096"},
    {"AppendedByte",
     [](const Entry &e) { writeFile(e.cubinPath, e.cubin + "x"); },
     CorruptionKind::SizeMismatch,
     "the cubin has 4097 bytes, its JSON records 4096"},
    {"FlippedByte",
     [](const Entry &e) {
       std::string flipped = e.cubin;
       flipped[1234] ^= 0x10;
       writeFile(e.cubinPath, flipped);
     },
     CorruptionKind::HashMismatch,
     "the cubin's SHA-256 "},
    {"EditedSizeInJSON",
     [](const Entry &e) {
       editJSON(e, [](llvm::json::Object &o) {
         (*o.getObject("cubin"))["size"] = 4000;
       });
     },
     CorruptionKind::SizeMismatch,
     "the cubin has 4096 bytes, its JSON records 4000"},
    {"EditedHashInJSON",
     [](const Entry &e) {
       editJSON(e, [](llvm::json::Object &o) {
         (*o.getObject("cubin"))["sha256"] = tile::formats::sha256Hex("something else");
       });
     },
     CorruptionKind::HashMismatch,
     "the cubin's SHA-256 "},
    {"GarbageJSON", [](const Entry &e) { writeFile(e.jsonPath, "{ not json"); },
     CorruptionKind::UnparsableJSON, "its JSON is not a JSON object"},
    {"EmptyJSON", [](const Entry &e) { writeFile(e.jsonPath, ""); },
     CorruptionKind::UnparsableJSON, "its JSON is not a JSON object"},
    {"JSONArray", [](const Entry &e) { writeFile(e.jsonPath, "[1, 2]"); },
     CorruptionKind::UnparsableJSON, "its JSON is not a JSON object"},
    {"MissingCubin",
     [](const Entry &e) { ASSERT_FALSE(llvm::sys::fs::remove(e.cubinPath)); },
     CorruptionKind::MissingCubin, "the cubin is missing"},
    {"OtherKeyInJSON",
     [](const Entry &e) {
       editJSON(e,
                [](llvm::json::Object &o) { o["key"] = std::string(64, 'f'); });
     },
     CorruptionKind::KeyMismatch,
     "its JSON names another key, \"ffffffffffffffffffffffffffffffffffffffff"
     "ffffffffffffffffffffffff\""},
    {"NoKeyInJSON",
     [](const Entry &e) {
       editJSON(e, [](llvm::json::Object &o) { o.erase("key"); });
     },
     CorruptionKind::KeyMismatch, "its JSON names no key"},
    {"NewerFormat",
     [](const Entry &e) {
       editJSON(e, [](llvm::json::Object &o) { o["format"] = 2; });
     },
     CorruptionKind::UnsupportedFormat,
     "its JSON has format 2 (this version reads format 1)"},
    {"NoFormat",
     [](const Entry &e) {
       editJSON(e, [](llvm::json::Object &o) { o.erase("format"); });
     },
     CorruptionKind::UnsupportedFormat,
     "its JSON has no \"format\""},
    {"NoCubinInfo",
     [](const Entry &e) {
       editJSON(e, [](llvm::json::Object &o) { o.erase("cubin"); });
     },
     CorruptionKind::MissingCubinInfo,
     "its JSON has no valid cubin size and SHA-256"},
    {"NoCubinHash",
     [](const Entry &e) {
       editJSON(e, [](llvm::json::Object &o) {
         o.getObject("cubin")->erase("sha256");
       });
     },
     CorruptionKind::MissingCubinInfo,
     "its JSON has no valid cubin size and SHA-256"},
    {"KernelWithoutParameters",
     [](const Entry &e) {
       editJSON(e, [](llvm::json::Object &o) {
         o.getArray("kernels")->front().getAsObject()->erase("params");
       });
     },
     CorruptionKind::MalformedKernels,
     "malformed kernel metadata for 'saxpy<1024>': "},
};

class CorruptionTest : public CacheDirTest,
                       public ::testing::WithParamInterface<Corruption> {};

} // namespace

TEST_P(CorruptionTest, IsDetectedNeverLoadedAndRepairedByAStore) {
  const Corruption &corruption = GetParam();
  KernelCache cache = openCache();
  Entry entry;
  entry.key = computeCacheKey("ir", "sm_90", "test", {});
  entry.cubin = binaryBytes(4096);
  entry.cubinPath = cache.entryPath(entry.key, "cubin");
  entry.jsonPath = cache.entryPath(entry.key, "json");
  ASSERT_TRUE(
      static_cast<bool>(cache.store(entry.key, entry.cubin, sampleMetadata())));
  ASSERT_EQ(cache.lookup(entry.key).status, LookupStatus::Hit);

  corruption.damage(entry);
  if (::testing::Test::HasFatalFailure())
    return;

  LookupResult found = cache.lookup(entry.key);
  EXPECT_EQ(found.status, LookupStatus::Corrupt);
  EXPECT_FALSE(found.isHit());
  EXPECT_EQ(found.corruption, corruption.kind)
      << corruptionKindName(found.corruption);
  EXPECT_EQ(found.reason.substr(0, strlen(corruption.reason)),
            corruption.reason)
      << found.reason;
  EXPECT_TRUE(found.cubin.empty()) << "a corrupt entry's bytes were handed out";
  EXPECT_TRUE(found.metadata.key.empty());
  EXPECT_TRUE(found.metadata.kernels.empty());

  llvm::Expected<EntryInfo> info = cache.describe(entry.key);
  ASSERT_TRUE(static_cast<bool>(info));
  EXPECT_EQ(info->state, EntryState::Corrupt);
  EXPECT_EQ(info->corruption, corruption.kind);
  EXPECT_EQ(info->reason, found.reason);
  EXPECT_EQ(cache.stats().corrupt, 1u);

  // Storing again replaces the corrupt entry with a valid one.
  ASSERT_TRUE(
      static_cast<bool>(cache.store(entry.key, entry.cubin, sampleMetadata())));
  LookupResult repaired = cache.lookup(entry.key);
  ASSERT_EQ(repaired.status, LookupStatus::Hit) << repaired.reason;
  EXPECT_EQ(repaired.cubin, entry.cubin);
  EXPECT_EQ(repaired.corruption, CorruptionKind::None);
  EXPECT_EQ(fileNames(), (std::vector<std::string>{entry.key + ".cubin",
                                                   entry.key + ".json"}));
}

INSTANTIATE_TEST_SUITE_P(Cache, CorruptionTest,
                         ::testing::ValuesIn(corruptions),
                         [](const ::testing::TestParamInfo<Corruption> &info) {
                           return std::string(info.param.name);
                         });

