//===- KernelCache.h - The on-disk, content-hashed kernel cache -*- C++ -*-===//

#ifndef TILE_CACHE_KERNELCACHE_H
#define TILE_CACHE_KERNELCACHE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace tile::cache {

/// What a lookup found.
enum class LookupStatus { Hit, Miss, Corrupt };

/// The result of a lookup: the cubin and its metadata on a hit, the reason
/// on a corrupt entry (whose bytes are never handed out).
struct LookupResult {
  LookupStatus status = LookupStatus::Miss;
  std::string reason;
  std::string cubin;
  llvm::json::Object metadata;
};

/// A directory of `<key>.cubin` + `<key>.json` entries (docs/abi.md). Entries
/// are written to temporary files and renamed into place, the JSON last, so
/// that concurrent compiles of one kernel from several processes only ever
/// expose complete entries; every load checks the cubin's size and SHA-256.
class KernelCache {
public:
  /// $TILE_CACHE_DIR, else $XDG_CACHE_HOME/tile/kernels, else
  /// ~/.cache/tile/kernels.
  static std::string defaultDirectory();

  /// Opens (and creates) the cache directory.
  static llvm::Expected<KernelCache> open(llvm::StringRef directory);

  llvm::StringRef directory() const { return root; }

  /// Finds and verifies the entry of `key`.
  LookupResult lookup(llvm::StringRef key) const;

  /// Stores an entry, adding "format", "key" and "cubin" (size, sha256) to
  /// `metadata`; returns the metadata as written.
  llvm::Expected<llvm::json::Object> store(llvm::StringRef key,
                                           llvm::StringRef cubin,
                                           llvm::json::Object metadata) const;

  /// The keys of every entry (valid or not), sorted.
  std::vector<std::string> keys() const;

  /// The one key that starts with `prefix`, or an error saying why not.
  llvm::Expected<std::string> resolve(llvm::StringRef prefix) const;

  /// Removes one entry.
  llvm::Error remove(llvm::StringRef key) const;

  /// Removes every entry and leftover temporary file; returns the number of
  /// entries removed.
  llvm::Expected<unsigned> clear() const;

  /// The path of `key`'s file with `extension` ("cubin" or "json").
  std::string entryPath(llvm::StringRef key, llvm::StringRef extension) const;

private:
  explicit KernelCache(std::string root) : root(std::move(root)) {}
  std::string root;
};

} // namespace tile::cache

#endif // TILE_CACHE_KERNELCACHE_H
