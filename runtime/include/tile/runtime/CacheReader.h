//===- CacheReader.h - Verified entries of the kernel cache -----*- C++ -*-===//

#ifndef TILE_RUNTIME_CACHEREADER_H
#define TILE_RUNTIME_CACHEREADER_H

#include "tile/runtime/KernelInfo.h"

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tile::rt {

/// A cache entry whose cubin matched its recorded size and SHA-256.
struct CacheEntry {
  /// The cache key: 64 lower-case hex digits.
  std::string key;
  /// The GPU architecture the cubin was built for, as "sm_90".
  std::string target;
  /// The cubin, verified.
  std::vector<std::byte> cubin;
  /// The kernels of the cubin.
  std::vector<KernelInfo> kernels;

  /// The kernel named `name` (C++ name or entry symbol); throws Error
  /// listing the kernels there are.
  const KernelInfo &kernel(std::string_view name) const;
  /// Kernel `name`, or the configuration that tuning records have run in
  /// its place on the GPU called `gpu` (KernelInfo::tuned); its pieces'
  /// tiles may differ from the written kernel's.
  const KernelInfo &tunedKernel(std::string_view name,
                                std::string_view gpu) const;
};

/// The kernel cache's default directory (formats/CacheEntry.h says which):
/// $TILE_CACHE_DIR, else $XDG_CACHE_HOME/tile/kernels, else
/// ~/.cache/tile/kernels.
std::filesystem::path defaultCacheDirectory();

/// Loads and verifies the entry `key` of `cacheDir`: its JSON must have
/// format 1 and name `key`, and `<key>.cubin` must have the size and SHA-256
/// the JSON records. A missing or corrupt entry throws Error naming the file
/// and the mismatch; no bytes of a corrupt entry are returned.
CacheEntry loadEntry(const std::filesystem::path &cacheDir,
                     std::string_view key);

/// Verifies entry `key` whose JSON `json` and cubin `cubin` are in memory
/// (a launcher header may embed them) as loadEntry verifies files; `origin`
/// says where they come from in errors.
CacheEntry verifyEntry(std::string_view key, std::string_view json,
                       std::span<const std::byte> cubin,
                       std::string_view origin);

/// Loads the entry that the manifest at `manifest` (written by
/// `tilecc --emit=manifest`) names by its "key", from `cacheDir`.
CacheEntry
loadManifest(const std::filesystem::path &manifest,
             const std::filesystem::path &cacheDir = defaultCacheDirectory());

} // namespace tile::rt

#endif // TILE_RUNTIME_CACHEREADER_H
