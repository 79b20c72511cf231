//===- CacheTestSupport.h - Fixtures shared by the cache tests --*- C++ -*-===//

#ifndef TILE_TEST_UNIT_CACHE_CACHETESTSUPPORT_H
#define TILE_TEST_UNIT_CACHE_CACHETESTSUPPORT_H

#include "tile/Cache/KernelCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace tile::cache::testing {

/// A fresh, empty cache directory per test, removed afterwards.
class CacheDirTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tile-cache-test", dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  /// Opens the cache in the test's directory.
  KernelCache openCache() {
    llvm::Expected<KernelCache> cache = KernelCache::open(dir);
    if (!cache) {
      ADD_FAILURE() << llvm::toString(cache.takeError());
      std::abort();
    }
    return std::move(*cache);
  }

  /// `name`'s path in the test's directory.
  std::string pathOf(llvm::StringRef name) const {
    llvm::SmallString<256> result(dir);
    llvm::sys::path::append(result, name);
    return std::string(result);
  }

  /// The names of the files in the test's directory, sorted.
  std::vector<std::string> fileNames() const {
    std::vector<std::string> names;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
         it.increment(ec))
      names.push_back(llvm::sys::path::filename(it->path()).str());
    std::sort(names.begin(), names.end());
    return names;
  }

  llvm::SmallString<128> dir;
};

/// The bytes of `path`, or nothing if it cannot be read.
inline std::optional<std::string> readFile(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return std::nullopt;
  return (*buffer)->getBuffer().str();
}

/// Replaces the contents of `path` with `data`, in place.
inline void writeFile(const std::string &path, llvm::StringRef data) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec) << path << ": " << ec.message();
  os << data;
}

/// `size` bytes that look like a binary: every byte value, NULs included.
inline std::string binaryBytes(size_t size, unsigned seed = 1) {
  std::string bytes(size, '\0');
  unsigned state = seed;
  for (size_t i = 0; i < size; ++i) {
    state = state * 1103515245u + 12345u;
    bytes[i] = static_cast<char>(state >> 16);
  }
  return bytes;
}

/// The metadata a compile stores: what docs/abi.md lists besides the fields
/// that `store` fills in.
inline formats::EntryRecord
sampleMetadata(llvm::StringRef target = "sm_90",
               llvm::StringRef source = "saxpy.cpp") {
  formats::EntryRecord metadata;
  metadata.compiler = "tilecc 0.1.0";
  metadata.target = target.str();
  metadata.source = source.str();
  for (auto [name, entry, size] :
       {std::tuple{"saxpy<1024>", "saxpy_1024", 1024},
        std::tuple{"scale<256>", "scale_256", 256}}) {
    formats::KernelRecord kernel;
    kernel.name = name;
    kernel.launch.entry = entry;
    kernel.launch.block = {128, 1, 1};
    kernel.params = {{"y", formats::ParamKind::Piece, "f32", 1, {size}},
                     {"a", formats::ParamKind::Scalar, "f32", 0, {}}};
    metadata.kernels.push_back(std::move(kernel));
  }
  return metadata;
}

} // namespace tile::cache::testing

#endif // TILE_TEST_UNIT_CACHE_CACHETESTSUPPORT_H
