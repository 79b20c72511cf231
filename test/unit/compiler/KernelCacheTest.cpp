// The on-disk kernel cache: hits, misses, corruption, repair, concurrency.
#include "tile/Cache/KernelCache.h"
#include "tile/Cache/CacheKey.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <sys/wait.h>
#include <unistd.h>

using namespace tile::cache;

namespace {

class KernelCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cache-test", dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  KernelCache open() {
    llvm::Expected<KernelCache> cache = KernelCache::open(dir);
    EXPECT_TRUE(static_cast<bool>(cache));
    return std::move(*cache);
  }

  static llvm::json::Object metadata() {
    return llvm::json::Object{{"target", "sm_90"},
                              {"kernels", llvm::json::Array{}}};
  }

  void overwrite(const std::string &path, llvm::StringRef data) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    ASSERT_FALSE(ec);
    os << data;
  }

  std::string read(const std::string &path) {
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
    return buffer ? (*buffer)->getBuffer().str() : "";
  }

  llvm::SmallString<128> dir;
  const std::string key = computeCacheKey("ir", "sm_90", "test", {});
  const std::string cubin = std::string("\x7f"
                                        "ELF cubin bytes\0\1\2",
                                        20);
};

} // namespace

TEST_F(KernelCacheTest, MissThenHit) {
  KernelCache cache = open();
  EXPECT_EQ(cache.lookup(key).status, LookupStatus::Miss);
  llvm::Expected<llvm::json::Object> stored =
      cache.store(key, cubin, metadata());
  ASSERT_TRUE(static_cast<bool>(stored));
  EXPECT_EQ(stored->getString("key"), key);
  EXPECT_EQ(stored->getObject("cubin")->getInteger("size"), 20);

  LookupResult found = cache.lookup(key);
  ASSERT_EQ(found.status, LookupStatus::Hit);
  EXPECT_EQ(found.cubin, cubin);
  EXPECT_EQ(found.metadata.getString("target"), "sm_90");
  EXPECT_EQ(found.metadata.getObject("cubin")->getString("sha256"),
            sha256Hex(cubin));
}

TEST_F(KernelCacheTest, RejectsMalformedKeys) {
  KernelCache cache = open();
  llvm::Expected<llvm::json::Object> stored =
      cache.store("../escape", cubin, metadata());
  EXPECT_FALSE(static_cast<bool>(stored));
  llvm::consumeError(stored.takeError());
  EXPECT_EQ(cache.lookup("../escape").status, LookupStatus::Corrupt);
}

TEST_F(KernelCacheTest, DetectsEveryCorruptionAndRepairs) {
  std::vector<std::pair<std::string, std::function<void()>>> corruptions = {
      {"has 19 bytes",
       [&] { overwrite(open().entryPath(key, "cubin"), cubin.substr(0, 19)); }},
      {"SHA-256 does not match",
       [&] {
         std::string flipped = cubin;
         flipped[5] ^= 1;
         overwrite(open().entryPath(key, "cubin"), flipped);
       }},
      {"unparsable JSON",
       [&] { overwrite(open().entryPath(key, "json"), "{ \"format\": "); }},
      {"the cubin is missing",
       [&] { llvm::sys::fs::remove(open().entryPath(key, "cubin")); }},
      {"names another key",
       [&] {
         std::string json = read(open().entryPath(key, "json"));
         size_t at = json.find(key);
         json.replace(at, 1, json[at] == 'a' ? "b" : "a");
         overwrite(open().entryPath(key, "json"), json);
       }},
      {"unsupported format",
       [&] {
         std::string json = read(open().entryPath(key, "json"));
         size_t at = json.find("\"format\": 1");
         ASSERT_NE(at, std::string::npos);
         json.replace(at, 11, "\"format\": 9");
         overwrite(open().entryPath(key, "json"), json);
       }},
  };
  for (auto &[reason, corrupt] : corruptions) {
    SCOPED_TRACE(reason);
    KernelCache cache = open();
    ASSERT_TRUE(static_cast<bool>(cache.store(key, cubin, metadata())));
    corrupt();
    LookupResult found = cache.lookup(key);
    EXPECT_EQ(found.status, LookupStatus::Corrupt);
    EXPECT_NE(found.reason.find(reason), std::string::npos) << found.reason;
    EXPECT_TRUE(found.cubin.empty()) << "a corrupt entry's bytes leaked";
    // Storing again repairs the entry.
    ASSERT_TRUE(static_cast<bool>(cache.store(key, cubin, metadata())));
    EXPECT_EQ(cache.lookup(key).status, LookupStatus::Hit);
  }
}

TEST_F(KernelCacheTest, ConcurrentStoresLeaveOneValidEntry) {
  constexpr int kProcesses = 8, kRounds = 20;
  std::vector<pid_t> children;
  for (int p = 0; p < kProcesses; ++p) {
    pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      llvm::Expected<KernelCache> cache = KernelCache::open(dir);
      bool ok = static_cast<bool>(cache);
      for (int round = 0; ok && round < kRounds; ++round) {
        ok = static_cast<bool>(cache->store(key, cubin, metadata()));
        LookupResult found = cache->lookup(key);
        // Readers see nothing or a whole entry, never a torn one.
        ok = ok && found.status == LookupStatus::Hit && found.cubin == cubin;
      }
      _exit(ok ? 0 : 1);
    }
    children.push_back(child);
  }
  for (pid_t child : children) {
    int status = 0;
    waitpid(child, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  KernelCache cache = open();
  EXPECT_EQ(cache.lookup(key).status, LookupStatus::Hit);
  std::error_code ec;
  int files = 0;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    ++files;
    EXPECT_FALSE(llvm::sys::path::filename(it->path()).starts_with(".tmp-"))
        << it->path();
  }
  EXPECT_EQ(files, 2);
}

TEST_F(KernelCacheTest, ListResolveRemoveClear) {
  KernelCache cache = open();
  std::string other = computeCacheKey("other", "sm_90", "test", {});
  ASSERT_TRUE(static_cast<bool>(cache.store(key, cubin, metadata())));
  ASSERT_TRUE(static_cast<bool>(cache.store(other, cubin, metadata())));
  std::vector<std::string> keys = cache.keys();
  ASSERT_EQ(keys.size(), 2u);

  llvm::Expected<std::string> resolved = cache.resolve(key.substr(0, 12));
  ASSERT_TRUE(static_cast<bool>(resolved));
  EXPECT_EQ(*resolved, key);
  llvm::Expected<std::string> none = cache.resolve("zz");
  EXPECT_FALSE(static_cast<bool>(none));
  EXPECT_NE(llvm::toString(none.takeError()).find("no entry"),
            std::string::npos);
  llvm::Expected<std::string> all = cache.resolve("");
  EXPECT_FALSE(static_cast<bool>(all));
  EXPECT_NE(llvm::toString(all.takeError()).find("matches 2 entries"),
            std::string::npos);

  ASSERT_FALSE(static_cast<bool>(cache.remove(other)));
  EXPECT_EQ(cache.keys().size(), 1u);
  overwrite(std::string(dir) + "/.tmp-leftover", "partial");
  llvm::Expected<unsigned> removed = cache.clear();
  ASSERT_TRUE(static_cast<bool>(removed));
  EXPECT_EQ(*removed, 1u);
  EXPECT_TRUE(cache.keys().empty());
  EXPECT_FALSE(llvm::sys::fs::exists(std::string(dir) + "/.tmp-leftover"));
}

TEST_F(KernelCacheTest, DefaultDirectoryFollowsTheEnvironment) {
  setenv("TILE_CACHE_DIR", "/somewhere/kernels", 1);
  EXPECT_EQ(KernelCache::defaultDirectory(), "/somewhere/kernels");
  unsetenv("TILE_CACHE_DIR");
  setenv("XDG_CACHE_HOME", "/xdg", 1);
  EXPECT_EQ(KernelCache::defaultDirectory(), "/xdg/tile/kernels");
  unsetenv("XDG_CACHE_HOME");
  setenv("HOME", "/home/someone", 1);
  EXPECT_EQ(KernelCache::defaultDirectory(),
            "/home/someone/.cache/tile/kernels");
}
