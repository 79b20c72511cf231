//===- CacheReader.h - Loading verified entries of the kernel cache -*- C++
//-*-//

#ifndef TILE_RUNTIME_CACHEREADER_H
#define TILE_RUNTIME_CACHEREADER_H

#include "tile/runtime/KernelInfo.h"

#include <filesystem>
#include <string>
#include <vector>

namespace tile::rt {

/// A cache entry whose cubin matched its recorded size and SHA-256.
struct CacheEntry {
  std::string key;
  std::string target;
  std::vector<char> cubin;
  std::vector<KernelInfo> kernels;

  /// The kernel named `name` (C++ name or entry symbol); throws Error
  /// listing the kernels there are.
  const KernelInfo &kernel(const std::string &name) const;
};

/// $TILE_CACHE_DIR, else $XDG_CACHE_HOME/tile/kernels, else
/// ~/.cache/tile/kernels.
std::filesystem::path defaultCacheDirectory();

/// Loads and verifies the entry `key` of `cacheDir`; a missing or corrupt
/// entry throws Error naming the file and the mismatch.
CacheEntry loadEntry(const std::filesystem::path &cacheDir,
                     const std::string &key);

/// Loads the entry named by a manifest (`tilecc --emit=manifest`).
CacheEntry loadManifest(const std::filesystem::path &manifest,
                        const std::filesystem::path &cacheDir);

/// Lower-case hex SHA-256 of `data`.
std::string sha256Hex(const void *data, size_t size);

} // namespace tile::rt

#endif // TILE_RUNTIME_CACHEREADER_H
