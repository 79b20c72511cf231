//===- Launch.h - Launching a kernel of the cache ---------------*- C++ -*-===//

#ifndef TILE_RUNTIME_CUDA_LAUNCH_H
#define TILE_RUNTIME_CUDA_LAUNCH_H

#include "tile/runtime/KernelArg.h"
#include "tile/runtime/KernelInfo.h"
#include "tile/runtime/LaunchPlan.h"
#include "tile/runtime/cuda/Module.h"

#include <cuda.h>

#include <array>
#include <span>

namespace tile::rt::cuda {

/// A kernel's functions in a loaded module: its own entry and, for a
/// kernel that takes tensor maps, its fallback entry.
struct KernelFunctions {
  CUfunction function = nullptr;
  CUfunction fallback = nullptr;
  /// The multiprocessors of the device the module was loaded on, asked
  /// once there, for kernels whose programs walk their pieces.
  unsigned multiprocessors = 0;

  /// Looks both up in `module`, with the current context's device; throws
  /// Error as Module::function does.
  static KernelFunctions load(const Module &module, const KernelInfo &kernel);
};

/// The programs a launch of `entry` over the piece grid `pieces` starts:
/// one per piece, or for a kernel whose programs walk its pieces,
/// `entry.persistent` per multiprocessor, at most one per piece.
std::array<unsigned, 3> programGrid(const KernelFunctions &functions,
                                    const KernelInfo &entry,
                                    const std::array<unsigned, 3> &pieces);

/// The entry that a launch of `kernel` with the arguments `plan` packed
/// runs, and its launch description: the kernel's own, with its tensor
/// maps encoded into the plan, or its fallback where the copy engine cannot
/// read a view they describe.
std::pair<CUfunction, const KernelInfo *>
chooseEntry(const KernelFunctions &functions, const KernelInfo &kernel,
            LaunchPlan &plan);

/// Launches `function` with the block, shared memory and grid dependency
/// of `entry`, `grid` programs (programGrid's).
CUresult launchKernel(CUfunction function, const KernelInfo &entry,
                      const std::array<unsigned, 3> &grid, void **params,
                      CUstream stream);

/// Plans, chooses the entry and launches; throws Error on a failure.
void launch(const KernelFunctions &functions, const KernelInfo &kernel,
            std::span<const KernelArg> args, CUstream stream = nullptr);

} // namespace tile::rt::cuda

#endif // TILE_RUNTIME_CUDA_LAUNCH_H
