//===- CachePrinterTest.cpp - What `tilecc cache list|show` prints --------===//

#include "CacheTestSupport.h"

#include "tile/Cache/CacheKey.h"
#include "tile/Cache/CachePrinter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

#include <chrono>
#include <ctime>

using namespace tile::cache;
using namespace tile::cache::testing;

namespace {

/// Times print in UTC for the life of the object.
class UtcTimes {
public:
  UtcTimes() {
    if (const char *old = std::getenv("TZ"))
      saved = old;
    setenv("TZ", "UTC", 1);
    tzset();
  }
  ~UtcTimes() {
    if (saved)
      setenv("TZ", saved->c_str(), 1);
    else
      unsetenv("TZ");
    tzset();
  }
  UtcTimes(const UtcTimes &) = delete;
  UtcTimes &operator=(const UtcTimes &) = delete;

private:
  std::optional<std::string> saved;
};

EntryInfo validEntry(llvm::StringRef key, uint64_t size, llvm::StringRef target,
                     std::vector<std::string> kernels, llvm::StringRef source) {
  EntryInfo entry;
  entry.key = key.str();
  entry.state = EntryState::Valid;
  entry.cubinSize = size;
  entry.metadata.target = target.str();
  for (std::string &name : kernels)
    entry.metadata.kernels.push_back({.name = std::move(name)});
  entry.metadata.source = source.str();
  entry.modified = llvm::sys::TimePoint<>(std::chrono::seconds(1700000000));
  return entry;
}

EntryInfo brokenEntry(llvm::StringRef key, EntryState state,
                      llvm::StringRef reason) {
  EntryInfo entry;
  entry.key = key.str();
  entry.state = state;
  entry.corruption = state == EntryState::Corrupt ? CorruptionKind::HashMismatch
                                                  : CorruptionKind::None;
  entry.reason = reason.str();
  entry.cubinSize = 99;
  entry.metadata.target = "ignored";
  return entry;
}

std::string printTable(llvm::ArrayRef<EntryInfo> entries) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printEntryTable(entries, os);
  return text;
}

class CachePrinterTest : public CacheDirTest {
protected:
  std::string show(const KernelCache &cache, llvm::StringRef prefix) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (llvm::Error error = printEntry(cache, prefix, os)) {
      EXPECT_EQ(text, "") << "printed something before failing";
      return "error: " + llvm::toString(std::move(error));
    }
    return text;
  }

  const std::string key = computeCacheKey("ir", "sm_90", "printer", {});
  const std::string cubin = binaryBytes(300);
};

} // namespace

TEST(CacheTable, AlignsColumns) {
  UtcTimes utc;
  std::vector<EntryInfo> entries = {
      validEntry("0123456789abcdef" + std::string(48, '0'), 5120, "sm_90",
                 {"saxpy<1024>"}, "examples/saxpy.cpp"),
      validEntry("fedcba9876543210" + std::string(48, '0'), 64, "sm_80",
                 {"a", "b"}, ""),
      brokenEntry(std::string(64, 'a'), EntryState::Corrupt,
                  "the cubin's SHA-256 does not match the JSON"),
      brokenEntry(std::string(64, 'b'), EntryState::Incomplete,
                  "the JSON is missing"),
  };
  EXPECT_EQ(printTable(entries),
            "key               status      bytes  target  kernels      "
            "modified          source\n"
            "0123456789abcdef  ok           5120  sm_90   saxpy<1024>  "
            "2023-11-14 22:13  examples/saxpy.cpp\n"
            "fedcba9876543210  ok             64  sm_80   a, b         "
            "2023-11-14 22:13  -\n"
            "aaaaaaaaaaaaaaaa  corrupt     the cubin's SHA-256 does not match "
            "the JSON\n"
            "bbbbbbbbbbbbbbbb  incomplete  the JSON is missing\n");
}

TEST(CacheTable, HeaderOnlyWhenEmpty) {
  EXPECT_EQ(
      printTable({}),
      "key               status  bytes  target  kernels  modified  source\n");
}

TEST(CacheTable, LongKernelListsAreCutShort) {
  UtcTimes utc;
  std::vector<std::string> kernels;
  for (int i = 0; i < 10; ++i)
    kernels.push_back("kernel_number_" + std::to_string(i));
  std::string table = printTable(
      {validEntry(std::string(64, 'c'), 1, "sm_90", kernels, "k.cpp"),
       validEntry(std::string(64, 'd'), 1, "sm_90", {}, "none.cpp")});
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(table).split(lines, '\n', -1, /*KeepEmpty=*/false);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[1].find("  kernel_number_0, kernel_number_1 (+8 more)  "),
            llvm::StringRef::npos)
      << lines[1].str();
  // No kernels: a dash, padded to the column's width.
  EXPECT_NE(lines[2].find("  -" + std::string(41, ' ') + "  2023-11-14"),
            llvm::StringRef::npos)
      << lines[2].str();
}

TEST_F(CachePrinterTest, ListsTheCache) {
  UtcTimes utc;
  KernelCache cache = openCache();
  std::string broken = std::string(64, 'e');
  ASSERT_TRUE(static_cast<bool>(cache.store(key, cubin, sampleMetadata())));
  ASSERT_TRUE(static_cast<bool>(cache.store(broken, cubin, sampleMetadata())));
  writeFile(cache.entryPath(broken, "cubin"), cubin + "!");

  std::string text;
  llvm::raw_string_ostream os(text);
  printEntryList(cache, os);
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(text).split(lines, '\n', -1, /*KeepEmpty=*/false);
  ASSERT_EQ(lines.size(), 4u) << text;
  EXPECT_TRUE(lines[0].starts_with("key               status   bytes  target  "
                                   "kernels                  modified"))
      << lines[0].str();
  // Keys sort: the valid entry's key starts with a digit below 'e'.
  ASSERT_LT(key, broken);
  EXPECT_TRUE(lines[1].starts_with(key.substr(0, 16) +
                                   "  ok         300  sm_90   saxpy<1024>, "
                                   "scale<256>  "))
      << lines[1].str();
  EXPECT_TRUE(lines[1].ends_with("  saxpy.cpp")) << lines[1].str();
  EXPECT_EQ(lines[2], "eeeeeeeeeeeeeeee  corrupt  the cubin has 301 bytes, its "
                      "JSON records 300");
  EXPECT_EQ(lines[3], "2 entries in " + std::string(dir) +
                          " (1 ok, 1 corrupt; 601 cubin bytes)");
}

TEST_F(CachePrinterTest, ListsAnEmptyCache) {
  KernelCache cache = openCache();
  std::string text;
  llvm::raw_string_ostream os(text);
  printEntryList(cache, os);
  EXPECT_EQ(
      text,
      "key               status  bytes  target  kernels  modified  source\n"
      "0 entries in " +
          std::string(dir) + "\n");
}

TEST_F(CachePrinterTest, ShowsAValidEntryByPrefix) {
  KernelCache cache = openCache();
  ASSERT_TRUE(static_cast<bool>(cache.store(key, cubin, sampleMetadata())));
  std::string text = show(cache, key.substr(0, 6));
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(text).split(lines, '\n', -1, /*KeepEmpty=*/false);
  ASSERT_GE(lines.size(), 6u) << text;
  EXPECT_EQ(lines[0], "key:      " + key);
  EXPECT_EQ(lines[1], "json:     " + cache.entryPath(key, "json"));
  EXPECT_EQ(lines[2],
            "cubin:    " + cache.entryPath(key, "cubin") + " (300 bytes)");
  EXPECT_TRUE(lines[3].starts_with("modified: 20")) << lines[3].str();
  EXPECT_EQ(lines[4], "status:   ok");
  // Then the JSON, as stored.
  size_t json = text.find("{\n");
  ASSERT_NE(json, std::string::npos);
  llvm::Expected<llvm::json::Value> parsed =
      llvm::json::parse(llvm::StringRef(text).drop_front(json));
  ASSERT_TRUE(static_cast<bool>(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->getAsObject()->getString("key"), key);
  EXPECT_EQ(parsed->getAsObject()->getString("target"), "sm_90");
  EXPECT_NE(text.find("\"entry\": \"saxpy_1024\""), std::string::npos);
}

TEST_F(CachePrinterTest, ShowsWhyAnEntryIsCorrupt) {
  KernelCache cache = openCache();
  ASSERT_TRUE(static_cast<bool>(cache.store(key, cubin, sampleMetadata())));
  ASSERT_FALSE(llvm::sys::fs::remove(cache.entryPath(key, "cubin")));
  std::string text = show(cache, key);
  EXPECT_NE(text.find("\nstatus:   corrupt (the cubin is missing) "
                      "[missing-cubin]\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("(0 bytes)"), std::string::npos) << text;
  // The JSON still shows: it is what one needs to see.
  EXPECT_NE(text.find("\"source\": \"saxpy.cpp\""), std::string::npos);

  writeFile(cache.entryPath(key, "json"), "{ not json");
  text = show(cache, key);
  EXPECT_NE(text.find("\nstatus:   corrupt (its JSON is not a JSON object"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find('{'), std::string::npos) << "no JSON to show";
}

TEST_F(CachePrinterTest, ShowNeedsOneMatch) {
  KernelCache cache = openCache();
  std::string a = "ab1" + std::string(61, '0'),
              b = "ab2" + std::string(61, '0');
  ASSERT_TRUE(static_cast<bool>(cache.store(a, cubin, sampleMetadata())));
  ASSERT_TRUE(static_cast<bool>(cache.store(b, cubin, sampleMetadata())));
  EXPECT_EQ(show(cache, "ab"),
            "error: 'ab' matches 2 entries (ab10000000000000..., "
            "ab20000000000000...); give more of the key");
  EXPECT_EQ(show(cache, "ffff"), "error: no entry in '" + std::string(dir) +
                                     "' has a key starting with 'ffff'");
  EXPECT_TRUE(
      llvm::StringRef(show(cache, "ab2")).starts_with("key:      " + b));
}
