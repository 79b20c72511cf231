//===- Module.cpp - The C interface's launches on a GPU -------------------===//
//
// Loading a library's cubin into a device's primary context and launching
// its kernels on the caller's memory and streams.
//
//===----------------------------------------------------------------------===//

#include "CApiSupport.h"

#include "tile/runtime/Error.h"
#include "tile/runtime/cuda/Context.h"
#include "tile/runtime/cuda/Launch.h"
#include "tile/runtime/cuda/Module.h"

#include <map>
#include <memory>

using namespace tile::rt;

/// A cubin loaded on one device; the context is retained while it lives and
/// is declared first so that it outlives the module.
struct tile_module {
  cuda::Context context;
  cuda::Module module;
  /// The entry's metadata (its cubin is loaded in `module`).
  CacheEntry metadata;
  std::string gpu;
  /// Functions looked up so far, by the name the caller used.
  std::map<std::string, std::pair<const KernelInfo *, cuda::KernelFunctions>,
           std::less<>>
      functions;

  tile_module(const CacheEntry &entry, int device)
      : context(device),
        module(entry), metadata{entry.key, entry.target, {}, entry.kernels},
        gpu(context.deviceName()) {}

  /// The kernel called `name` (C++ name or entry symbol), or the
  /// configuration tuning records run in its place on this GPU, and its
  /// function.
  const std::pair<const KernelInfo *, cuda::KernelFunctions> &
  function(std::string_view name) {
    if (auto found = functions.find(name); found != functions.end())
      return found->second;
    const KernelInfo &kernel = metadata.tunedKernel(name, gpu);
    return functions[std::string(name)] = {
               &kernel, cuda::KernelFunctions::load(module, kernel)};
  }
};

tile_module *tile_module_load(const tile_library *library, int device) {
  return tile::capi::guarded(
      [&] {
        if (!library)
          throw Error("tile_module_load: no library");
        return std::make_unique<tile_module>(library->entry, device).release();
      },
      static_cast<tile_module *>(nullptr));
}

void tile_module_unload(tile_module *module) { delete module; }

int tile_module_launch(tile_module *module, const char *kernel,
                       const tile_arg *args, int count, void *stream) {
  return tile::capi::guarded(
      [&] {
        if (!module || !kernel)
          throw Error("tile_module_launch: no module or no kernel name");
        auto [info, functions] = module->function(kernel);
        module->context.makeCurrent();
        cuda::launch(functions, *info, tile::capi::toKernelArgs(args, count),
                     static_cast<CUstream>(stream));
        return 0;
      },
      -1);
}
