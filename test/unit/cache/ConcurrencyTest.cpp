//===- ConcurrencyTest.cpp - Stores of one key from many processes --------===//

#include "CacheTestSupport.h"

#include "tile/Cache/CacheKey.h"

#include <chrono>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace tile::cache;
using namespace tile::cache::testing;

namespace {

/// Exit codes of the child processes, so that a failure says what went wrong.
enum ChildExit {
  ChildOk = 0,
  OpenFailed = 10,
  StoreFailed = 11,
  NoHitAfterStore = 12,
  WrongBytes = 13,
  SawCorrupt = 14,
  ReaderNeverHit = 15,
  ReaderTimedOut = 16,
};

/// Whether a store succeeded; consumes its error.
bool succeeded(llvm::Expected<tile::formats::EntryRecord> stored) {
  if (stored)
    return true;
  llvm::consumeError(stored.takeError());
  return false;
}

class ConcurrencyTest : public CacheDirTest {
protected:
  /// Forks a child that runs `body` and exits with its result.
  template <typename Body> pid_t spawn(Body body) {
    pid_t child = fork();
    if (child == 0) {
      int code = body();
      _exit(code);
    }
    return child;
  }

  /// Waits for every child, whatever happens to the others; each must have
  /// exited with ChildOk.
  void expectAllSucceed(const std::vector<pid_t> &children) {
    for (pid_t child : children) {
      if (child <= 0) {
        ADD_FAILURE() << "fork failed";
        continue;
      }
      int status = 0;
      if (waitpid(child, &status, 0) != child) {
        ADD_FAILURE() << "waitpid failed for child " << child;
        continue;
      }
      if (!WIFEXITED(status))
        ADD_FAILURE() << "child " << child << " was killed by signal "
                      << WTERMSIG(status);
      else
        EXPECT_EQ(WEXITSTATUS(status), ChildOk) << "child " << child;
    }
  }

  const std::string key = computeCacheKey("ir", "sm_90", "concurrent", {});
  /// Large enough that writing it takes several system calls.
  const std::string cubin = binaryBytes(size_t{64} * 1024, 3);
};

} // namespace

TEST_F(ConcurrencyTest, ManyWritersAndReadersOfOneKey) {
  constexpr int Writers = 8, Readers = 2, Rounds = 100;
  // Outside the cache directory, which must end up holding the entry only.
  std::string doneMarker = std::string(dir) + ".writers-done";
  llvm::sys::fs::remove(doneMarker);

  std::vector<pid_t> writers, readers;
  for (int r = 0; r < Readers; ++r)
    readers.push_back(spawn([&]() -> int {
      llvm::Expected<KernelCache> cache = KernelCache::open(dir);
      if (!cache)
        return OpenFailed;
      int hits = 0;
      auto deadline =
          std::chrono::steady_clock::now() + std::chrono::minutes(2);
      // Readers only ever see no entry or a whole, valid one.
      for (;;) {
        if (std::chrono::steady_clock::now() > deadline)
          return ReaderTimedOut;
        bool done = llvm::sys::fs::exists(doneMarker);
        LookupResult found = cache->lookup(key);
        if (found.status == LookupStatus::Corrupt)
          return SawCorrupt;
        if (found.status == LookupStatus::Hit) {
          ++hits;
          if (found.cubin != cubin)
            return WrongBytes;
        }
        if (done)
          return hits > 0 ? ChildOk : ReaderNeverHit;
      }
    }));
  for (int w = 0; w < Writers; ++w)
    writers.push_back(spawn([&, w]() -> int {
      llvm::Expected<KernelCache> cache = KernelCache::open(dir);
      if (!cache)
        return OpenFailed;
      // Each writer names itself as the source: the metadata differs, the
      // cubin does not.
      std::string source = "writer-" + std::to_string(w) + ".cpp";
      for (int round = 0; round < Rounds; ++round) {
        if (!succeeded(
                cache->store(key, cubin, sampleMetadata("sm_90", source))))
          return StoreFailed;
        LookupResult found = cache->lookup(key);
        if (found.status != LookupStatus::Hit)
          return found.status == LookupStatus::Corrupt ? SawCorrupt
                                                       : NoHitAfterStore;
        if (found.cubin != cubin)
          return WrongBytes;
      }
      return ChildOk;
    }));

  expectAllSucceed(writers);
  writeFile(doneMarker, "");
  expectAllSucceed(readers);
  llvm::sys::fs::remove(doneMarker);

  KernelCache cache = openCache();
  LookupResult found = cache.lookup(key);
  ASSERT_EQ(found.status, LookupStatus::Hit) << found.reason;
  EXPECT_EQ(found.cubin, cubin);
  llvm::StringRef source = found.metadata.source;
  EXPECT_TRUE(source.starts_with("writer-")) << source.str();
  // One entry, and no temporary file left behind.
  EXPECT_EQ(fileNames(),
            (std::vector<std::string>{key + ".cubin", key + ".json"}));
  EXPECT_EQ(cache.stats().temporaries, 0u);
}

TEST_F(ConcurrencyTest, WritersOfDifferentKeysDoNotInterfere) {
  constexpr int Writers = 6, Rounds = 30;
  std::vector<pid_t> writers;
  for (int w = 0; w < Writers; ++w)
    writers.push_back(spawn([&, w]() -> int {
      llvm::Expected<KernelCache> cache = KernelCache::open(dir);
      if (!cache)
        return OpenFailed;
      std::string mine =
          computeCacheKey("ir", "sm_90", "v", {std::to_string(w)});
      std::string bytes = binaryBytes(8192, w + 100);
      for (int round = 0; round < Rounds; ++round) {
        if (!succeeded(cache->store(mine, bytes, sampleMetadata())))
          return StoreFailed;
        LookupResult found = cache->lookup(mine);
        if (found.status != LookupStatus::Hit)
          return NoHitAfterStore;
        if (found.cubin != bytes)
          return WrongBytes;
      }
      return ChildOk;
    }));
  expectAllSucceed(writers);

  KernelCache cache = openCache();
  CacheStats stats = cache.stats();
  EXPECT_EQ(stats.entries, unsigned(Writers));
  EXPECT_EQ(stats.valid, unsigned(Writers));
  EXPECT_EQ(stats.temporaries, 0u);
  EXPECT_EQ(stats.cubinBytes, uint64_t(Writers) * 8192);
  EXPECT_EQ(fileNames().size(), size_t(2 * Writers));
}

/// A lookup that reads the JSON of one store and the cubin of another, which
/// renamed both into place between the lookup's two reads, checks the entry
/// once more against the new JSON and finds it whole. The cubin is a FIFO
/// until then, so that the test knows when the lookup has read the old JSON.
TEST_F(ConcurrencyTest, ALookupRacingAStoreOfOtherBytesRetries) {
  const std::string older = binaryBytes(4096, 5), newer = binaryBytes(3000, 6);
  KernelCache cache = openCache();
  ASSERT_TRUE(succeeded(cache.store(key, older, sampleMetadata())));

  // The newer store's files, made in a cache of their own, ready to rename.
  std::string stagingDir = std::string(dir) + ".staging";
  llvm::Expected<KernelCache> staging = KernelCache::open(stagingDir);
  ASSERT_TRUE(bool(staging)) << llvm::toString(staging.takeError());
  ASSERT_TRUE(succeeded(staging->store(key, newer, sampleMetadata())));

  std::string cubinPath = cache.entryPath(key, "cubin");
  ASSERT_FALSE(llvm::sys::fs::remove(cubinPath));
  ASSERT_EQ(mkfifo(cubinPath.c_str(), 0600), 0);

  LookupResult found;
  std::thread reader([&] { found = cache.lookup(key); });

  // A write end opens once the lookup has opened the cubin, after it read
  // the older JSON.
  int fd = -1;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while ((fd = open(cubinPath.c_str(), O_WRONLY | O_NONBLOCK)) < 0 &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  if (fd < 0) {
    // Let the reader go: a stray lookup must not hang the test.
    llvm::sys::fs::remove(cubinPath);
    writeFile(cubinPath, older);
    reader.join();
    FAIL() << "the lookup never opened the cubin";
  }
  // Until the reader is joined, failures go on rather than return.
  EXPECT_EQ(fcntl(fd, F_SETFL, 0), 0);

  // The newer store completes: its cubin and then its JSON replace the
  // older ones, while the lookup still reads the FIFO it opened.
  EXPECT_FALSE(
      llvm::sys::fs::rename(staging->entryPath(key, "cubin"), cubinPath));
  EXPECT_FALSE(llvm::sys::fs::rename(staging->entryPath(key, "json"),
                                     cache.entryPath(key, "json")));
  EXPECT_EQ(write(fd, newer.data(), newer.size()), ssize_t(newer.size()));
  close(fd);
  reader.join();
  llvm::sys::fs::remove_directories(stagingDir);

  ASSERT_EQ(found.status, LookupStatus::Hit) << found.reason;
  EXPECT_EQ(found.cubin, newer);
}
