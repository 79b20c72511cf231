//===- Launch.cpp - Launching a kernel of the cache -----------------------===//

#include "tile/runtime/cuda/Launch.h"
#include "tile/runtime/LaunchPlan.h"
#include "tile/runtime/cuda/CudaCheck.h"
#include "tile/runtime/cuda/TensorMapEncoding.h"

#include <algorithm>

using namespace tile::rt;
using namespace tile::rt::cuda;

KernelFunctions KernelFunctions::load(const Module &module,
                                      const KernelInfo &kernel) {
  KernelFunctions functions{module.function(kernel)};
  if (kernel.fallback)
    functions.fallback = module.function(*kernel.fallback);
  if (kernel.persistent != 0) {
    CUdevice device;
    int multiprocessors = 0;
    checkCuda(cuCtxGetDevice(&device), "cuCtxGetDevice");
    checkCuda(cuDeviceGetAttribute(&multiprocessors,
                                   CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                                   device),
              "cuDeviceGetAttribute(MULTIPROCESSOR_COUNT)");
    functions.multiprocessors = unsigned(multiprocessors);
  }
  return functions;
}

std::array<unsigned, 3>
tile::rt::cuda::programGrid(const KernelFunctions &functions,
                            const KernelInfo &entry,
                            const std::array<unsigned, 3> &pieces) {
  if (entry.persistent == 0)
    return pieces;
  uint64_t total = uint64_t(pieces[0]) * pieces[1] * pieces[2];
  uint64_t programs = std::max<uint64_t>(
      1, uint64_t(functions.multiprocessors) * entry.persistent);
  return {unsigned(std::min(total, programs)), 1, 1};
}

std::pair<CUfunction, const KernelInfo *>
tile::rt::cuda::chooseEntry(const KernelFunctions &functions,
                            const KernelInfo &kernel, LaunchPlan &plan) {
  if (kernel.tensorMaps.empty() || encodeTensorMaps(kernel, plan))
    return {functions.function, &kernel};
  return {functions.fallback, kernel.fallback.get()};
}

CUresult tile::rt::cuda::launchKernel(CUfunction function,
                                      const KernelInfo &entry,
                                      const std::array<unsigned, 3> &grid,
                                      void **params, CUstream stream) {
  CUlaunchAttribute overlap{};
  overlap.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
  overlap.value.programmaticStreamSerializationAllowed = 1;
  CUlaunchConfig config{};
  config.gridDimX = grid[0];
  config.gridDimY = grid[1];
  config.gridDimZ = grid[2];
  config.blockDimX = entry.block[0];
  config.blockDimY = entry.block[1];
  config.blockDimZ = entry.block[2];
  config.sharedMemBytes = entry.sharedBytes;
  config.hStream = stream;
  config.attrs = &overlap;
  config.numAttrs = entry.gridDependency ? 1 : 0;
  return cuLaunchKernelEx(&config, function, params, nullptr);
}

void tile::rt::cuda::launch(const KernelFunctions &functions,
                            const KernelInfo &kernel,
                            std::span<const KernelArg> args, CUstream stream) {
  LaunchPlan plan = planLaunch(kernel, args);
  if (plan.empty())
    return;
  auto [function, entry] = chooseEntry(functions, kernel, plan);
  CUresult result =
      launchKernel(function, *entry, programGrid(functions, *entry, plan.grid),
                   plan.parameterPointers(), stream);
  if (result != CUDA_SUCCESS)
    throwCudaError(result, "cuLaunchKernelEx(" + entry->entry + ", grid " +
                               std::to_string(plan.grid[0]) + "x" +
                               std::to_string(plan.grid[1]) + "x" +
                               std::to_string(plan.grid[2]) + ")");
}
