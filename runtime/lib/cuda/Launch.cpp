//===- Launch.cpp - Launching a kernel of the cache -----------------------===//

#include "tile/runtime/cuda/Launch.h"
#include "tile/runtime/LaunchPlan.h"
#include "tile/runtime/cuda/CudaCheck.h"

using namespace tile::rt;
using namespace tile::rt::cuda;

CUresult tile::rt::cuda::launchKernel(CUfunction function,
                                      const KernelInfo &kernel,
                                      const std::array<unsigned, 3> &grid,
                                      void **params, CUstream stream) {
  CUlaunchAttribute overlap{};
  overlap.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
  overlap.value.programmaticStreamSerializationAllowed = 1;
  CUlaunchConfig config{};
  config.gridDimX = grid[0];
  config.gridDimY = grid[1];
  config.gridDimZ = grid[2];
  config.blockDimX = kernel.block[0];
  config.blockDimY = kernel.block[1];
  config.blockDimZ = kernel.block[2];
  config.sharedMemBytes = kernel.sharedBytes;
  config.hStream = stream;
  config.attrs = &overlap;
  config.numAttrs = kernel.gridDependency ? 1 : 0;
  return cuLaunchKernelEx(&config, function, params, nullptr);
}

void tile::rt::cuda::launch(CUfunction function, const KernelInfo &kernel,
                            std::span<const KernelArg> args, CUstream stream) {
  LaunchPlan plan = planLaunch(kernel, args);
  if (plan.empty())
    return;
  void **params = plan.parameterPointers();
  CUresult result = launchKernel(function, kernel, plan.grid, params, stream);
  if (result != CUDA_SUCCESS)
    throwCudaError(result, "cuLaunchKernelEx(" + kernel.name + ", grid " +
                               std::to_string(plan.grid[0]) + "x" +
                               std::to_string(plan.grid[1]) + "x" +
                               std::to_string(plan.grid[2]) + ")");
}
