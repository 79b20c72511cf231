//===- CacheEntry.h - The kernel cache's entries on disk --------*- C++ -*-===//
//
// The contract of a kernel cache entry (docs/abi.md, The kernel cache), in
// one place for the compiler that writes entries and the runtime that loads
// them: the form of a key, the default directory, and what an entry's JSON
// records about its cubin and how the cubin is checked against it. Nothing
// here throws for a malformed entry: a check returns what is wrong.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_FORMATS_CACHEENTRY_H
#define TILE_FORMATS_CACHEENTRY_H

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace tile::formats {

/// The entry format that this code reads and writes ("format" in the JSON).
inline constexpr int64_t kCacheEntryFormat = 1;

/// The number of hex digits in a cache key (a SHA-256).
inline constexpr size_t kCacheKeyLength = 64;

/// Whether `text` is a cache key: exactly 64 lower-case hex digits.
bool isCacheKey(std::string_view text);

/// Whether `text` can start a cache key: 1 to 64 lower-case hex digits.
bool isCacheKeyPrefix(std::string_view text);

/// $TILE_CACHE_DIR, else $XDG_CACHE_HOME/tile/kernels, else
/// $HOME/.cache/tile/kernels (empty variables count as unset).
std::filesystem::path defaultCacheDirectory();

/// The name of `key`'s file with `extension` ("cubin" or "json").
std::string cacheEntryFileName(std::string_view key,
                               std::string_view extension);

/// Why an entry is corrupt.
enum class CorruptionKind {
  None,              ///< The entry is not corrupt.
  InvalidKey,        ///< The key is not 64 lower-case hex digits.
  UnreadableJSON,    ///< `<key>.json` exists but cannot be read.
  UnparsableJSON,    ///< `<key>.json` is not a JSON object.
  UnsupportedFormat, ///< "format" is missing or not the one this code reads.
  KeyMismatch,       ///< "key" is missing or names another key.
  MissingCubinInfo,  ///< "cubin" lacks its "size" or its "sha256".
  MissingCubin,      ///< `<key>.cubin` does not exist.
  UnreadableCubin,   ///< `<key>.cubin` exists but cannot be read.
  SizeMismatch,      ///< The cubin's size differs from the JSON's.
  HashMismatch,      ///< The cubin's SHA-256 differs from the JSON's.
};

/// A short, stable name for `kind`, e.g. "size-mismatch".
std::string_view corruptionKindName(CorruptionKind kind);

/// What is wrong with an entry: its kind and a sentence that says it.
struct EntryProblem {
  CorruptionKind kind = CorruptionKind::None;
  std::string reason;

  /// Whether there is a problem.
  explicit operator bool() const { return kind != CorruptionKind::None; }
};

/// What an entry's JSON records about its cubin.
struct CubinRecord {
  int64_t size = 0;
  std::string sha256;
};

/// Checks `json`, the text of entry `key`'s JSON: an object of format
/// kCacheEntryFormat that names `key` and records the cubin's size and
/// SHA-256, which it stores in `record`.
EntryProblem readCubinRecord(std::string_view json, std::string_view key,
                             CubinRecord &record);

/// Checks the bytes of a cubin against its entry's record.
EntryProblem checkCubin(const CubinRecord &record, std::string_view cubin);

/// The record of `cubin`, to write into its entry's JSON.
CubinRecord recordOf(std::string_view cubin);

} // namespace tile::formats

#endif // TILE_FORMATS_CACHEENTRY_H
