//===- Launcher.h - What tilecc's generated launchers build on --*- C++ -*-===//
//
// `tilecc f.cpp --emit=launcher -o f_launcher.h` writes a header with one
// class per kernel instantiation of f.cpp, named after its entry symbol
// (tile::launchers::saxpy_2048). Each is a Launcher: a TypedKernel, so that
// calls are checked by the C++ compiler, whose code is the kernel function
// compiled into the program in host mode and, on a GPU, the cubin of the
// kernel cache entry that tilecc compiled f.cpp into, found by its key in a
// cache directory or embedded in the header (tilecc --embed-cubin).
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_LAUNCHER_H
#define TILE_RUNTIME_LAUNCHER_H

#include "tile/runtime/TypedKernel.h"

#include <filesystem>
#include <span>
#include <string_view>

namespace tile::rt {

/// The kernel cache entry of a kernel file, as its launcher header records
/// it.
struct LauncherEntry {
  /// The cache key.
  std::string_view key;
  /// The GPU architecture the entry was compiled for, as "sm_90".
  std::string_view target;
  /// The entry's JSON and its cubin when the header embeds them; empty
  /// otherwise.
  std::string_view metadata;
  std::span<const unsigned char> cubin;

  /// Whether the header embeds the entry.
  bool embedded() const { return !cubin.empty(); }
  /// The verified entry: the embedded one, else entry `key` of `cacheDir`.
  CacheEntry load(const std::filesystem::path &cacheDir) const;
};

/// The kernel instantiation Function, whose parameters are Params, called
/// like a function on any device: the function itself in host mode, the
/// cubin of `entry` on a GPU.
template <auto Function, class... Params>
class Launcher : public TypedKernel<Params...> {
  static_assert(std::is_same_v<decltype(Function), void (*)(Params...)>,
                "the kernel function's parameters are not the launcher's; "
                "regenerate the launcher with tilecc --emit=launcher");

public:
  /// Kernel `name`, whose parameters are called `paramNames`, on `device`;
  /// on a GPU its code is `entry`'s (from `cacheDir` unless embedded).
  Launcher(Device device, const LauncherEntry &entry, std::string name,
           std::vector<std::string> paramNames,
           const std::filesystem::path &cacheDir)
      : TypedKernel<Params...>(
            device.isHost()
                ? hostKernel<Function>(std::move(device), std::move(name),
                                       std::move(paramNames))
                : Kernel::load(std::move(device), entry.load(cacheDir), name)) {
  }
};

} // namespace tile::rt

#endif // TILE_RUNTIME_LAUNCHER_H
