//===- KernelCache.h - The on-disk, content-hashed kernel cache -*- C++ -*-===//

#ifndef TILE_CACHE_KERNELCACHE_H
#define TILE_CACHE_KERNELCACHE_H

#include "tile/formats/CacheEntry.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tile::cache {

/// What a lookup found.
enum class LookupStatus {
  Hit,     ///< A complete entry whose cubin matches its JSON.
  Miss,    ///< No `<key>.json`: the entry does not exist (yet).
  Corrupt, ///< An entry that must not be loaded; see CorruptionKind.
};

// The entry format is the one of tile/formats/CacheEntry.h.
using formats::CorruptionKind;
using formats::corruptionKindName;

/// The result of a lookup. On a hit, `cubin` and `metadata` hold the entry;
/// otherwise both are empty: the bytes of a corrupt entry are never handed
/// out.
struct LookupResult {
  /// Hit, miss or corrupt.
  LookupStatus status = LookupStatus::Miss;
  /// Why the entry is corrupt; None unless `status` is Corrupt.
  CorruptionKind corruption = CorruptionKind::None;
  /// A sentence saying why the entry is corrupt; empty unless it is.
  std::string reason;
  /// The cubin's bytes, on a hit.
  std::string cubin;
  /// What `<key>.json` holds, on a hit.
  formats::EntryRecord metadata;

  /// Whether the lookup found a valid entry.
  bool isHit() const { return status == LookupStatus::Hit; }
};

/// The state of an entry found on disk.
enum class EntryState {
  Valid,      ///< Lookup would hit.
  Corrupt,    ///< Lookup would report it corrupt.
  Incomplete, ///< A cubin without its JSON: a store in progress or cut short.
};

/// What `list` and `describe` report about one entry.
struct EntryInfo {
  /// The entry's key.
  std::string key;
  /// Valid, corrupt or incomplete.
  EntryState state = EntryState::Incomplete;
  /// Why the entry is corrupt; None unless `state` is Corrupt.
  CorruptionKind corruption = CorruptionKind::None;
  /// A sentence saying why the entry is not valid; empty when it is.
  std::string reason;
  /// The size in bytes of `<key>.cubin` on disk; 0 when there is none.
  uint64_t cubinSize = 0;
  /// When `<key>.json` (else `<key>.cubin`) was last modified.
  llvm::sys::TimePoint<> modified;
  /// What the JSON holds, as far as it could be read (formats::readEntry):
  /// for a corrupt entry it must not be trusted, and may lack its kernels.
  formats::EntryRecord metadata;
  /// The JSON's text, whenever it could be read.
  std::string json;

  /// Whether lookup would hit.
  bool isValid() const { return state == EntryState::Valid; }
};

/// Totals over a cache directory.
struct CacheStats {
  /// Entries of every state; the sum of the next three.
  unsigned entries = 0;
  /// Entries by state.
  unsigned valid = 0, corrupt = 0, incomplete = 0;
  /// Temporary files (stores in progress, or left by interrupted ones).
  unsigned temporaries = 0;
  /// The sizes of all cubins, in bytes.
  uint64_t cubinBytes = 0;
};

/// A directory of `<key>.cubin` + `<key>.json` entries (docs/abi.md).
///
/// Both files of an entry are written to fresh temporary files in the same
/// directory and renamed into place, the JSON last, so that an entry exists
/// once its JSON does, and no partially written file is ever visible under
/// an entry's name: concurrent stores of one key from several processes
/// leave one complete entry. Every lookup checks the cubin's size and SHA-256
/// against the JSON and never hands out a corrupt entry; storing the key
/// again repairs it.
class KernelCache {
public:
  /// Names of temporary files start with this; `clear` removes them.
  static constexpr llvm::StringLiteral TempPrefix = ".tmp-";

  /// Opens the cache in `directory`, creating the directory and its parents
  /// where missing.
  static llvm::Expected<KernelCache> open(llvm::StringRef directory);

  /// Opens the cache in `directory`, which must exist: for commands that
  /// only read or remove entries, which create nothing.
  static llvm::Expected<KernelCache> openExisting(llvm::StringRef directory);

  /// The cache's directory.
  llvm::StringRef directory() const { return root; }

  /// The path of `key`'s file with `extension` ("cubin" or "json").
  std::string entryPath(llvm::StringRef key, llvm::StringRef extension) const;

  /// Finds and verifies the entry of `key`.
  LookupResult lookup(llvm::StringRef key) const;

  /// Stores `cubin` under `key`, replacing any entry there (corrupt or not).
  /// Sets the key and the cubin's record in `metadata`, overriding the
  /// caller's values, and returns the metadata as written.
  llvm::Expected<formats::EntryRecord>
  store(llvm::StringRef key, llvm::StringRef cubin,
        formats::EntryRecord metadata) const;

  /// Removes `key`'s entry, the JSON first; succeeds if there is none.
  llvm::Error remove(llvm::StringRef key) const;

  /// The keys of every entry (valid, corrupt or incomplete), sorted.
  std::vector<std::string> keys() const;

  /// Checks the entry of `key` and reports on it, whatever its state; an
  /// error if `key` is not a key or has neither file.
  llvm::Expected<EntryInfo> describe(llvm::StringRef key) const;

  /// describe() of every entry, sorted by key.
  std::vector<EntryInfo> list() const;

  /// Counts the entries by state, the temporary files and the cubins' bytes.
  CacheStats stats() const;

  /// The one key that starts with `prefix` (hex digits, either case), or an
  /// error saying that none or several do.
  llvm::Expected<std::string> resolve(llvm::StringRef prefix) const;

  /// Removes every entry and every temporary file (a store running at the
  /// same time then fails); files that belong to no entry are kept. Returns
  /// the number of entries removed.
  llvm::Expected<unsigned> clear() const;

private:
  explicit KernelCache(std::string root) : root(std::move(root)) {}

  /// The paths of the temporary files in the directory.
  std::vector<std::string> temporaries() const;

  std::string root;
};

} // namespace tile::cache

#endif // TILE_CACHE_KERNELCACHE_H
