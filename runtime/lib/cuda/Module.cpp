//===- Module.cpp - A loaded cubin ----------------------------------------===//

#include "tile/runtime/cuda/Module.h"
#include "tile/runtime/Error.h"
#include "tile/runtime/cuda/CudaCheck.h"

#include <vector>

using namespace tile::rt;
using namespace tile::rt::cuda;

/// The dynamic shared memory a launch may ask for without an opt-in.
static constexpr unsigned kDefaultDynamicSharedBytes = 48 * 1024;

Module::Module(const CacheEntry &entry) : key(entry.key) {
  if (entry.cubin.empty())
    throw Error("cuModuleLoadData(" + key + ".cubin): the cubin is empty");
  checkCuda(cuModuleLoadData(&module, entry.cubin.data()),
            "cuModuleLoadData(" + key + ".cubin)");
}

Module::~Module() {
  if (module)
    cuModuleUnload(module);
}

std::string Module::entryNames() const {
  unsigned count = 0;
  if (cuModuleGetFunctionCount(&count, module) != CUDA_SUCCESS)
    return "unknown";
  std::vector<CUfunction> functions(count);
  if (count == 0 || cuModuleEnumerateFunctions(functions.data(), count,
                                               module) != CUDA_SUCCESS)
    return "none";
  std::string names;
  for (CUfunction function : functions) {
    const char *name = nullptr;
    if (cuFuncGetName(&name, function) == CUDA_SUCCESS && name)
      names += (names.empty() ? "" : ", ") + std::string(name);
  }
  return names;
}

CUfunction Module::function(const KernelInfo &kernel) const {
  CUfunction function = nullptr;
  CUresult result =
      cuModuleGetFunction(&function, module, kernel.entry.c_str());
  if (result == CUDA_ERROR_NOT_FOUND) {
    const char *name = nullptr;
    cuGetErrorName(result, &name);
    throw Error("cuModuleGetFunction(" + kernel.entry + ") in " + key +
                    ".cubin, for " + kernel.name +
                    " (the cubin has: " + entryNames() + ")",
                name ? name : "CUDA_ERROR_NOT_FOUND");
  }
  checkCuda(result,
            "cuModuleGetFunction(" + kernel.entry + ") in " + key + ".cubin");
  // Dynamic shared memory past 48 KiB must be allowed for the function
  // before a launch asks for it.
  if (kernel.sharedBytes > kDefaultDynamicSharedBytes)
    checkCuda(
        cuFuncSetAttribute(function,
                           CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                           int(kernel.sharedBytes)),
        "cuFuncSetAttribute(" + kernel.entry + ", max dynamic shared bytes " +
            std::to_string(kernel.sharedBytes) + ")");
  return function;
}
