//===- Module.h - A loaded cubin --------------------------------*- C++ -*-===//

#ifndef TILE_RUNTIME_CUDA_MODULE_H
#define TILE_RUNTIME_CUDA_MODULE_H

#include "tile/runtime/CacheReader.h"

#include <cuda.h>

#include <string>

namespace tile::rt::cuda {

/// A cubin of the kernel cache, loaded into the current context; unloaded
/// with its owner.
class Module {
public:
  /// Loads the verified cubin of `entry` (cuModuleLoadData); throws Error
  /// with the driver's error, as for a cubin built for another GPU.
  explicit Module(const CacheEntry &entry);
  ~Module();
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  /// The function of `kernel`'s entry symbol; throws Error listing the
  /// cubin's entries if there is no such entry.
  CUfunction function(const KernelInfo &kernel) const;

private:
  /// The cubin's entry symbols, comma-separated.
  std::string entryNames() const;

  CUmodule module = nullptr;
  std::string key;
};

} // namespace tile::rt::cuda

#endif // TILE_RUNTIME_CUDA_MODULE_H
