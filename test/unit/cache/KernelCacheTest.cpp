//===- KernelCacheTest.cpp - Storing, looking up, listing and clearing ----===//

#include "CacheTestSupport.h"

#include "tile/Cache/CacheKey.h"
#include "tile/formats/Sha256.h"

#include "llvm/Support/Chrono.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Process.h"

#include <chrono>

using namespace tile::cache;
using namespace tile::cache::testing;

namespace {

class KernelCacheTest : public CacheDirTest {
protected:
  const std::string key = computeCacheKey("ir", "sm_90", "test", {"O=3"});
  const std::string cubin = binaryBytes(4096);
};

/// A key made of `head` followed by `fill` up to 64 digits.
std::string makeKey(llvm::StringRef head, char fill = '0') {
  return head.str() + std::string(64 - head.size(), fill);
}

} // namespace

//===----------------------------------------------------------------------===//
// Opening
//===----------------------------------------------------------------------===//

TEST_F(KernelCacheTest, OpenCreatesNestedDirectories) {
  std::string nested = pathOf("a/b/kernels");
  llvm::Expected<KernelCache> cache = KernelCache::open(nested);
  ASSERT_TRUE(static_cast<bool>(cache)) << llvm::toString(cache.takeError());
  EXPECT_TRUE(llvm::sys::fs::is_directory(nested));
  EXPECT_EQ(cache->directory(), nested);
  // Opening an existing cache is fine too.
  EXPECT_TRUE(static_cast<bool>(KernelCache::open(nested)));
}

TEST_F(KernelCacheTest, OpenRejectsAFileAndAnEmptyPath) {
  std::string file = pathOf("plain-file");
  writeFile(file, "x");
  llvm::Expected<KernelCache> onFile = KernelCache::open(file);
  ASSERT_FALSE(static_cast<bool>(onFile));
  EXPECT_EQ(llvm::toString(onFile.takeError()),
            "cannot create the kernel cache '" + file +
                "': it exists and is not a directory");

  llvm::Expected<KernelCache> underFile = KernelCache::open(file + "/sub");
  ASSERT_FALSE(static_cast<bool>(underFile));
  EXPECT_NE(llvm::toString(underFile.takeError())
                .find("cannot create the kernel cache '" + file + "/sub'"),
            std::string::npos);

  llvm::Expected<KernelCache> empty = KernelCache::open("");
  ASSERT_FALSE(static_cast<bool>(empty));
  EXPECT_EQ(llvm::toString(empty.takeError()),
            "the kernel cache directory is empty");
}

TEST_F(KernelCacheTest, OpenExistingCreatesNothing) {
  std::string missing = pathOf("typo");
  llvm::Expected<KernelCache> cache = KernelCache::openExisting(missing);
  ASSERT_FALSE(static_cast<bool>(cache));
  EXPECT_EQ(llvm::toString(cache.takeError()),
            "no kernel cache at '" + missing +
                "': the directory does not exist");
  EXPECT_FALSE(llvm::sys::fs::exists(missing));

  std::string file = pathOf("plain-file");
  writeFile(file, "x");
  llvm::Expected<KernelCache> onFile = KernelCache::openExisting(file);
  ASSERT_FALSE(static_cast<bool>(onFile));
  EXPECT_EQ(llvm::toString(onFile.takeError()),
            "no kernel cache at '" + file + "': it is not a directory");

  ASSERT_TRUE(static_cast<bool>(KernelCache::open(missing)));
  EXPECT_TRUE(static_cast<bool>(KernelCache::openExisting(missing)));
}

//===----------------------------------------------------------------------===//
// Storing and looking up
//===----------------------------------------------------------------------===//

TEST_F(KernelCacheTest, MissOnAnEmptyCache) {
  KernelCache cache = openCache();
  LookupResult found = cache.lookup(key);
  EXPECT_EQ(found.status, LookupStatus::Miss);
  EXPECT_FALSE(found.isHit());
  EXPECT_EQ(found.corruption, CorruptionKind::None);
  EXPECT_EQ(found.reason, "");
  EXPECT_TRUE(found.cubin.empty());
  EXPECT_TRUE(cache.keys().empty());
}

TEST_F(KernelCacheTest, StoreThenLookupRoundTrips) {
  KernelCache cache = openCache();
  llvm::Expected<tile::formats::EntryRecord> stored =
      cache.store(key, cubin, sampleMetadata());
  ASSERT_TRUE(static_cast<bool>(stored)) << llvm::toString(stored.takeError());
  EXPECT_EQ(stored->key, key);
  EXPECT_EQ(stored->cubin.size, 4096);
  EXPECT_EQ(stored->cubin.sha256, tile::formats::sha256Hex(cubin));
  EXPECT_EQ(stored->target, "sm_90");

  LookupResult found = cache.lookup(key);
  ASSERT_EQ(found.status, LookupStatus::Hit) << found.reason;
  EXPECT_TRUE(found.isHit());
  EXPECT_EQ(found.cubin, cubin);
  EXPECT_EQ(tile::formats::writeEntryJson(found.metadata),
            tile::formats::writeEntryJson(*stored));
  EXPECT_EQ(found.metadata.source, "saxpy.cpp");
  ASSERT_EQ(found.metadata.kernels.size(), 2u);
  EXPECT_EQ(found.metadata.kernels[1].name, "scale<256>");

  // On disk: exactly the two files of the entry, with the exact bytes.
  EXPECT_EQ(fileNames(),
            (std::vector<std::string>{key + ".cubin", key + ".json"}));
  EXPECT_EQ(readFile(cache.entryPath(key, "cubin")), cubin);
  std::optional<std::string> json = readFile(cache.entryPath(key, "json"));
  ASSERT_TRUE(json.has_value());
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(*json);
  ASSERT_TRUE(static_cast<bool>(parsed));
  EXPECT_EQ(parsed->getAsObject()->getInteger("format"), 1);
  EXPECT_EQ(parsed->getAsObject()->getString("key"), key);
}

TEST_F(KernelCacheTest, StoreOverridesTheFieldsItOwns) {
  KernelCache cache = openCache();
  tile::formats::EntryRecord metadata = sampleMetadata();
  metadata.key = "not the key";
  metadata.cubin = {1, "00"};
  ASSERT_TRUE(static_cast<bool>(cache.store(key, cubin, std::move(metadata))));
  LookupResult found = cache.lookup(key);
  ASSERT_EQ(found.status, LookupStatus::Hit) << found.reason;
  EXPECT_EQ(found.metadata.key, key);
  EXPECT_EQ(found.metadata.cubin.size, 4096);
}

TEST_F(KernelCacheTest, StoresAnEmptyCubin) {
  KernelCache cache = openCache();
  ASSERT_TRUE(static_cast<bool>(cache.store(key, "", sampleMetadata())));
  LookupResult found = cache.lookup(key);
  ASSERT_EQ(found.status, LookupStatus::Hit) << found.reason;
  EXPECT_EQ(found.cubin, "");
  EXPECT_EQ(found.metadata.cubin.sha256,
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST_F(KernelCacheTest, StoreReplacesAnEntry) {
  KernelCache cache = openCache();
  ASSERT_TRUE(static_cast<bool>(cache.store(key, cubin, sampleMetadata())));
  std::string other = binaryBytes(100, 7);
  ASSERT_TRUE(static_cast<bool>(
      cache.store(key, other, sampleMetadata("sm_90", "other.cpp"))));
  LookupResult found = cache.lookup(key);
  ASSERT_EQ(found.status, LookupStatus::Hit) << found.reason;
  EXPECT_EQ(found.cubin, other);
  EXPECT_EQ(found.metadata.source, "other.cpp");
  EXPECT_EQ(fileNames().size(), 2u);
}

TEST_F(KernelCacheTest, StoreRecreatesARemovedDirectory) {
  KernelCache cache = openCache();
  ASSERT_FALSE(llvm::sys::fs::remove_directories(dir));
  ASSERT_TRUE(static_cast<bool>(cache.store(key, cubin, sampleMetadata())));
  EXPECT_EQ(cache.lookup(key).status, LookupStatus::Hit);
}

TEST_F(KernelCacheTest, AFailedStoreLeavesNoEntryAndNoTemporaries) {
  KernelCache cache = openCache();
  // A directory where the cubin goes: renaming the cubin into place fails.
  std::string cubinPath = cache.entryPath(key, "cubin");
  ASSERT_FALSE(llvm::sys::fs::create_directory(cubinPath));
  writeFile(cubinPath + "/inside", "x");
  llvm::Expected<tile::formats::EntryRecord> stored =
      cache.store(key, cubin, sampleMetadata());
  ASSERT_FALSE(static_cast<bool>(stored));
  std::string message = llvm::toString(stored.takeError());
  EXPECT_TRUE(llvm::StringRef(message).starts_with(
      "cannot rename '" + pathOf(".tmp-" + key + ".cubin.")))
      << message;
  EXPECT_NE(message.find("' to '" + cubinPath + "': "), std::string::npos)
      << message;
  // The JSON comes last: without it there is no entry, not a corrupt one.
  EXPECT_EQ(cache.lookup(key).status, LookupStatus::Miss);
  EXPECT_FALSE(llvm::sys::fs::exists(cache.entryPath(key, "json")));
  EXPECT_EQ(fileNames(), std::vector<std::string>{key + ".cubin"});
  EXPECT_EQ(cache.stats().temporaries, 0u);
}

TEST_F(KernelCacheTest, RejectsStringsThatAreNotKeys) {
  KernelCache cache = openCache();
  for (std::string bad : {std::string("../escape"), std::string(""),
                          makeKey("ABC"), std::string(63, 'a')}) {
    SCOPED_TRACE(bad);
    llvm::Expected<tile::formats::EntryRecord> stored =
        cache.store(bad, cubin, sampleMetadata());
    ASSERT_FALSE(static_cast<bool>(stored));
    EXPECT_EQ(llvm::toString(stored.takeError()),
              "'" + bad + "' is not a cache key");

    LookupResult found = cache.lookup(bad);
    EXPECT_EQ(found.status, LookupStatus::Corrupt);
    EXPECT_EQ(found.corruption, CorruptionKind::InvalidKey);

    llvm::Error removed = cache.remove(bad);
    EXPECT_TRUE(static_cast<bool>(removed));
    llvm::consumeError(std::move(removed));

    llvm::Expected<EntryInfo> described = cache.describe(bad);
    EXPECT_FALSE(static_cast<bool>(described));
    llvm::consumeError(described.takeError());
  }
  EXPECT_TRUE(fileNames().empty());
  llvm::SmallString<128> parent(dir);
  llvm::sys::path::remove_filename(parent);
  EXPECT_FALSE(llvm::sys::fs::exists(parent + "/escape.json"));
}

TEST_F(KernelCacheTest, ACubinWithoutItsJSONIsAMissAndIncomplete) {
  KernelCache cache = openCache();
  writeFile(cache.entryPath(key, "cubin"), cubin);
  EXPECT_EQ(cache.lookup(key).status, LookupStatus::Miss);
  EXPECT_EQ(cache.keys(), std::vector<std::string>{key});

  llvm::Expected<EntryInfo> info = cache.describe(key);
  ASSERT_TRUE(static_cast<bool>(info));
  EXPECT_EQ(info->state, EntryState::Incomplete);
  EXPECT_EQ(info->cubinSize, 4096u);
  EXPECT_EQ(info->reason,
            "the JSON is missing (a store in progress, or one cut short)");

  ASSERT_TRUE(static_cast<bool>(cache.store(key, cubin, sampleMetadata())));
  EXPECT_EQ(cache.lookup(key).status, LookupStatus::Hit);
}

//===----------------------------------------------------------------------===//
// Removing, listing, clearing
//===----------------------------------------------------------------------===//

TEST_F(KernelCacheTest, RemoveDeletesOneEntry) {
  KernelCache cache = openCache();
  std::string other = makeKey("b");
  ASSERT_TRUE(static_cast<bool>(cache.store(key, cubin, sampleMetadata())));
  ASSERT_TRUE(static_cast<bool>(cache.store(other, cubin, sampleMetadata())));
  ASSERT_FALSE(static_cast<bool>(cache.remove(key)));
  EXPECT_EQ(cache.lookup(key).status, LookupStatus::Miss);
  EXPECT_FALSE(llvm::sys::fs::exists(cache.entryPath(key, "cubin")));
  EXPECT_EQ(cache.lookup(other).status, LookupStatus::Hit);
  EXPECT_EQ(cache.keys(), std::vector<std::string>{other});
  // Removing what is not there succeeds.
  EXPECT_FALSE(static_cast<bool>(cache.remove(key)));
  llvm::Expected<EntryInfo> gone = cache.describe(key);
  ASSERT_FALSE(static_cast<bool>(gone));
  EXPECT_EQ(llvm::toString(gone.takeError()),
            "no entry in '" + std::string(dir) + "' has the key '" + key + "'");
}

TEST_F(KernelCacheTest, ListReportsEveryEntry) {
  KernelCache cache = openCache();
  std::string first = makeKey("0a"), second = makeKey("0b"),
              broken = makeKey("0c"), orphan = makeKey("0d");
  ASSERT_TRUE(static_cast<bool>(
      cache.store(first, cubin, sampleMetadata("sm_90", "a.cpp"))));
  ASSERT_TRUE(static_cast<bool>(
      cache.store(second, binaryBytes(10), sampleMetadata("sm_80", "b.cpp"))));
  ASSERT_TRUE(static_cast<bool>(
      cache.store(broken, cubin, sampleMetadata("sm_90", "c.cpp"))));
  writeFile(cache.entryPath(broken, "cubin"), "short");
  writeFile(cache.entryPath(orphan, "cubin"), "orphan");
  writeFile(pathOf("notes.txt"), "not an entry");
  writeFile(pathOf(std::string(KernelCache::TempPrefix) + "leftover"), "x");

  // A fixed modification time for the first entry.
  using namespace std::chrono;
  llvm::sys::TimePoint<> when{seconds(1700000000)};
  int fd;
  ASSERT_FALSE(llvm::sys::fs::openFileForWrite(
      cache.entryPath(first, "json"), fd, llvm::sys::fs::CD_OpenExisting,
      llvm::sys::fs::OF_Append));
  ASSERT_FALSE(llvm::sys::fs::setLastAccessAndModificationTime(fd, when));
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);

  std::vector<EntryInfo> entries = cache.list();
  ASSERT_EQ(entries.size(), 4u);
  EXPECT_EQ(entries[0].key, first);
  EXPECT_EQ(entries[0].state, EntryState::Valid);
  EXPECT_TRUE(entries[0].isValid());
  EXPECT_EQ(entries[0].cubinSize, 4096u);
  EXPECT_EQ(entries[0].metadata.target, "sm_90");
  EXPECT_EQ(entries[0].metadata.source, "a.cpp");
  EXPECT_EQ(entries[0].metadata.compiler, "tilecc 0.1.0");
  ASSERT_EQ(entries[0].metadata.kernels.size(), 2u);
  EXPECT_EQ(entries[0].metadata.kernels[0].name, "saxpy<1024>");
  EXPECT_EQ(entries[0].metadata.kernels[1].name, "scale<256>");
  EXPECT_EQ(entries[0].modified, when);
  EXPECT_EQ(entries[0].reason, "");
  EXPECT_EQ(entries[0].metadata.key, first);
  EXPECT_NE(entries[0].json.find("\"key\": \"" + first + "\""),
            std::string::npos);

  EXPECT_EQ(entries[1].key, second);
  EXPECT_EQ(entries[1].state, EntryState::Valid);
  EXPECT_EQ(entries[1].cubinSize, 10u);
  EXPECT_EQ(entries[1].metadata.target, "sm_80");
  auto age = system_clock::now() - entries[1].modified;
  EXPECT_LT(duration_cast<seconds>(age).count(), 600);

  EXPECT_EQ(entries[2].key, broken);
  EXPECT_EQ(entries[2].state, EntryState::Corrupt);
  EXPECT_EQ(entries[2].corruption, CorruptionKind::SizeMismatch);
  EXPECT_EQ(entries[2].reason, "the cubin has 5 bytes, its JSON records 4096");
  EXPECT_EQ(entries[2].cubinSize, 5u);
  EXPECT_EQ(entries[2].metadata.source, "c.cpp"); // From the (untrusted) JSON.

  EXPECT_EQ(entries[3].key, orphan);
  EXPECT_EQ(entries[3].state, EntryState::Incomplete);
  EXPECT_EQ(entries[3].cubinSize, 6u);
  EXPECT_TRUE(entries[3].metadata.target.empty());

  CacheStats stats = cache.stats();
  EXPECT_EQ(stats.entries, 4u);
  EXPECT_EQ(stats.valid, 2u);
  EXPECT_EQ(stats.corrupt, 1u);
  EXPECT_EQ(stats.incomplete, 1u);
  EXPECT_EQ(stats.temporaries, 1u);
  EXPECT_EQ(stats.cubinBytes, 4096u + 10u + 5u + 6u);
}

TEST_F(KernelCacheTest, ClearRemovesEntriesAndTemporariesOnly) {
  KernelCache cache = openCache();
  ASSERT_TRUE(static_cast<bool>(cache.store(key, cubin, sampleMetadata())));
  ASSERT_TRUE(
      static_cast<bool>(cache.store(makeKey("1"), cubin, sampleMetadata())));
  writeFile(cache.entryPath(makeKey("1"), "cubin"), "corrupt");
  writeFile(cache.entryPath(makeKey("2"), "cubin"), "orphan");
  std::string temp1 = pathOf(".tmp-" + key + ".cubin.abcdef");
  std::string temp2 = pathOf(".tmp-leftover");
  writeFile(temp1, "partial");
  writeFile(temp2, "partial");
  writeFile(pathOf("notes.txt"), "keep me");

  llvm::Expected<unsigned> removed = cache.clear();
  ASSERT_TRUE(static_cast<bool>(removed))
      << llvm::toString(removed.takeError());
  EXPECT_EQ(*removed, 3u);
  EXPECT_TRUE(cache.keys().empty());
  EXPECT_TRUE(cache.list().empty());
  EXPECT_EQ(fileNames(), std::vector<std::string>{"notes.txt"});
  EXPECT_EQ(cache.stats().temporaries, 0u);

  llvm::Expected<unsigned> again = cache.clear();
  ASSERT_TRUE(static_cast<bool>(again));
  EXPECT_EQ(*again, 0u);
}

//===----------------------------------------------------------------------===//
// Key prefixes
//===----------------------------------------------------------------------===//

TEST_F(KernelCacheTest, ResolvesUniquePrefixes) {
  KernelCache cache = openCache();
  std::string k1 = makeKey("abc1"), k2 = makeKey("abc2"), k3 = makeKey("ff");
  for (const std::string &k : {k1, k2, k3})
    ASSERT_TRUE(static_cast<bool>(cache.store(k, cubin, sampleMetadata())));

  auto resolved = [&](llvm::StringRef prefix) -> std::string {
    llvm::Expected<std::string> key = cache.resolve(prefix);
    if (!key)
      return "error: " + llvm::toString(key.takeError());
    return *key;
  };
  EXPECT_EQ(resolved("abc1"), k1);
  EXPECT_EQ(resolved("ABC2"), k2);
  EXPECT_EQ(resolved("f"), k3);
  EXPECT_EQ(resolved(k1), k1);
  EXPECT_EQ(resolved("abc"),
            "error: 'abc' matches 2 entries (abc1000000000000..., "
            "abc2000000000000...); give more of the key");
  EXPECT_EQ(resolved(""), "error: '' matches 3 entries (abc1000000000000..., "
                          "abc2000000000000..., ff00000000000000...); give "
                          "more of the key");
  EXPECT_EQ(resolved("0"), "error: no entry in '" + std::string(dir) +
                               "' has a key starting with '0'");
  EXPECT_EQ(resolved("xyz"), "error: no entry in '" + std::string(dir) +
                                 "' has a key starting with 'xyz' (keys are "
                                 "64 hex digits)");
  EXPECT_EQ(resolved(k1 + "0"), "error: no entry in '" + std::string(dir) +
                                    "' has a key starting with '" + k1 +
                                    "0' (keys are 64 hex digits)");
}

TEST_F(KernelCacheTest, AmbiguityListsAtMostFourCandidates) {
  KernelCache cache = openCache();
  for (char c : {'1', '2', '3', '4', '5'})
    ASSERT_TRUE(static_cast<bool>(
        cache.store(makeKey(std::string("e") + c), cubin, sampleMetadata())));
  llvm::Expected<std::string> key = cache.resolve("e");
  ASSERT_FALSE(static_cast<bool>(key));
  EXPECT_EQ(llvm::toString(key.takeError()),
            "'e' matches 5 entries (e100000000000000..., e200000000000000..., "
            "e300000000000000..., e400000000000000..., ...); give more of the "
            "key");
}
