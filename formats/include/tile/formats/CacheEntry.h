//===- CacheEntry.h - The kernel cache's entries on disk --------*- C++ -*-===//
//
// The contract of a kernel cache entry (docs/abi.md, The kernel cache), in
// one place for the compiler that writes entries and the runtime that loads
// them: the form of a key, the default directory, an entry's JSON (what it
// records about the cubin and its kernels, KernelList.h), how it is written,
// and how it and the cubin are checked as they are read. Nothing here throws
// for a malformed entry: a check returns what is wrong.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_FORMATS_CACHEENTRY_H
#define TILE_FORMATS_CACHEENTRY_H

#include "tile/formats/KernelList.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

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

/// The cache directory a command uses: `given` (its --cache-dir), unless
/// empty, else defaultCacheDirectory().
std::filesystem::path cacheDirectory(std::string_view given);

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
  MalformedKernels,  ///< "kernels" is missing or describes no launchable
                     ///< kernels (KernelList.h).
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

/// Everything an entry's JSON holds.
struct EntryRecord {
  /// The key it is stored under.
  std::string key;
  /// The compiler that wrote it, the GPU architecture and the source file;
  /// for people and listings (a launcher header's embedded copy leaves the
  /// compiler and the source out).
  std::string compiler, target, source;
  /// The cubin's size and SHA-256.
  CubinRecord cubin;
  /// The cubin's kernels.
  std::vector<KernelRecord> kernels;
};

/// How writeEntryJson lays out its text.
enum class JsonLayout {
  Indented, ///< Two spaces per level, a line per value: the files on disk.
  Compact,  ///< One line: embedded in a launcher header.
};

/// The JSON of `entry`, of format kCacheEntryFormat.
std::string writeEntryJson(const EntryRecord &entry,
                           JsonLayout layout = JsonLayout::Indented);

/// Reads `json`, the text of entry `key`'s JSON, into `entry`, and checks
/// it: an object of format kCacheEntryFormat that names `key`, records the
/// cubin's size and SHA-256, and lists kernels that can be launched as
/// described (every field present and of its type, known element types,
/// launchable blocks, tensor maps of view parameters, a fallback for each
/// kernel with maps, tuned replacements that the entry holds with the same
/// parameters). The compiler, target and source are read first, so that
/// listings can show them even for an entry that fails a later check.
EntryProblem readEntry(std::string_view json, std::string_view key,
                       EntryRecord &entry);

/// The key that kernel manifest `json` names: a manifest is a copy of its
/// entry's JSON beside the build that uses it (tilecc --emit=manifest), and
/// only its "key" is read, to find the entry in a cache. An empty key, with
/// `error` saying why, if `json` is not a manifest.
std::string readManifestKey(std::string_view json, std::string &error);

/// Checks the bytes of a cubin against its entry's record.
EntryProblem checkCubin(const CubinRecord &record, std::string_view cubin);

/// The record of `cubin`, to write into its entry's JSON.
CubinRecord recordOf(std::string_view cubin);

} // namespace tile::formats

#endif // TILE_FORMATS_CACHEENTRY_H
