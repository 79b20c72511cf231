//===- Kernel.h - A kernel ready to launch on a device ----------*- C++ -*-===//

#ifndef TILE_RUNTIME_KERNEL_H
#define TILE_RUNTIME_KERNEL_H

#include "tile/runtime/Backend.h"
#include "tile/runtime/CacheReader.h"
#include "tile/runtime/Device.h"
#include "tile/runtime/KernelInfo.h"

#include <filesystem>
#include <memory>
#include <string_view>

namespace tile::rt {

/// A kernel's signature (its metadata) and its code on one device: a cubin's
/// function on a GPU, the C++ function compiled into the program in host
/// mode (tile/runtime/HostKernel.h makes those). Copies share the signature
/// and the code.
class Kernel {
public:
  /// The kernel `info` whose code on `device` is `code`.
  Kernel(Device device, KernelInfo info, std::shared_ptr<const KernelCode> code)
      : dev(std::move(device)),
        signature(std::make_shared<const KernelInfo>(std::move(info))),
        compiled(std::move(code)) {}

  /// Kernel `name` (C++ name or entry symbol) of the verified cache entry
  /// `entry`, loaded on `device`; throws Error if there is no such kernel
  /// or the device cannot load cubins (host mode).
  static Kernel load(Device device, const CacheEntry &entry,
                     std::string_view name);
  /// Kernel `name` of `entry`, or the configuration that tuning records
  /// (docs/tuning.md) run in its place on `device`'s GPU. Its pieces'
  /// tiles may differ from the written kernel's: partition outputs by
  /// info().params.
  static Kernel loadTuned(Device device, const CacheEntry &entry,
                          std::string_view name);
  /// Kernel `name` of the cache entry that the manifest `manifest` names
  /// (tilecc --emit=manifest), from the cache at `cacheDir`.
  static Kernel
  fromManifest(Device device, const std::filesystem::path &manifest,
               std::string_view name,
               const std::filesystem::path &cacheDir = defaultCacheDirectory());

  /// The device the code runs on.
  const Device &device() const { return dev; }
  /// The signature: parameters, block and shared memory.
  const KernelInfo &info() const { return *signature; }
  /// The code, as the device's backend made it.
  const std::shared_ptr<const KernelCode> &code() const { return compiled; }

private:
  Device dev;
  std::shared_ptr<const KernelInfo> signature;
  std::shared_ptr<const KernelCode> compiled;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_KERNEL_H
