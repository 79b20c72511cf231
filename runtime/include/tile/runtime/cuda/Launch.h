//===- Launch.h - Launching a kernel of the cache ---------------*- C++ -*-===//

#ifndef TILE_RUNTIME_CUDA_LAUNCH_H
#define TILE_RUNTIME_CUDA_LAUNCH_H

#include "tile/runtime/KernelArg.h"
#include "tile/runtime/KernelInfo.h"

#include <cuda.h>

#include <array>
#include <span>

namespace tile::rt::cuda {

/// Queues `function`, the cubin entry of `kernel`, on `stream` over `grid`
/// with the kernel's block and shared memory and the parameter pointers
/// `params`. A kernel that waits for the grid before it
/// (KernelInfo::gridDependency) goes with programmatic stream
/// serialization, so that it is set up while that grid finishes. Returns
/// the driver's result.
CUresult launchKernel(CUfunction function, const KernelInfo &kernel,
                      const std::array<unsigned, 3> &grid, void **params,
                      CUstream stream);

/// Checks and packs `args` as planLaunch does (throwing its Error on a
/// bad argument) and launches `function`, the cubin entry of `kernel`, on
/// `stream` with the planned grid and the kernel's block and shared memory.
/// An output with no elements launches nothing. Does not wait for the
/// kernel.
void launch(CUfunction function, const KernelInfo &kernel,
            std::span<const KernelArg> args, CUstream stream = nullptr);

} // namespace tile::rt::cuda

#endif // TILE_RUNTIME_CUDA_LAUNCH_H
