//===- Launch.cpp - Launching a kernel of the cache -----------------------===//

#include "tile/runtime/cuda/Launch.h"
#include "tile/runtime/LaunchPlan.h"
#include "tile/runtime/cuda/CudaCheck.h"

using namespace tile::rt;
using namespace tile::rt::cuda;

void tile::rt::cuda::launch(CUfunction function, const KernelInfo &kernel,
                            std::span<const KernelArg> args, CUstream stream) {
  LaunchPlan plan = planLaunch(kernel, args);
  if (plan.empty())
    return;
  auto params = plan.parameterPointers();
  CUresult result =
      cuLaunchKernel(function, plan.grid[0], plan.grid[1], plan.grid[2],
                     kernel.block[0], kernel.block[1], kernel.block[2],
                     kernel.sharedBytes, stream, params.data(), nullptr);
  if (result != CUDA_SUCCESS)
    throwCudaError(result, "cuLaunchKernel(" + kernel.name + ", grid " +
                               std::to_string(plan.grid[0]) + "x" +
                               std::to_string(plan.grid[1]) + "x" +
                               std::to_string(plan.grid[2]) + ")");
}
