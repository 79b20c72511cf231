//===- Kernel.cpp - A kernel ready to launch on a device ------------------===//

#include "tile/runtime/Kernel.h"

using namespace tile::rt;

Kernel Kernel::load(Device device, const CacheEntry &entry,
                    std::string_view name) {
  const KernelInfo &info = entry.kernel(name);
  std::shared_ptr<const KernelCode> code =
      device.backend().loadKernel(entry, info);
  return Kernel(std::move(device), info, std::move(code));
}

Kernel Kernel::loadTuned(Device device, const CacheEntry &entry,
                         std::string_view name) {
  const KernelInfo &info = entry.tunedKernel(name, device.gpuName());
  return load(std::move(device), entry, info.entry);
}

Kernel Kernel::fromManifest(Device device,
                            const std::filesystem::path &manifest,
                            std::string_view name,
                            const std::filesystem::path &cacheDir) {
  return load(std::move(device), loadManifest(manifest, cacheDir), name);
}
