//===- LaunchPlan.h - Checking and packing a kernel's arguments -*- C++ -*-===//

#ifndef TILE_RUNTIME_LAUNCHPLAN_H
#define TILE_RUNTIME_LAUNCHPLAN_H

#include "tile/runtime/KernelInfo.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace tile::rt {

/// A tensor in device memory: its address, element type, shape and strides
/// (in elements).
struct TensorArg {
  uint64_t address = 0;
  std::string dtype;
  std::vector<int64_t> shape;
  std::vector<int64_t> strides;
};

/// A scalar argument, held as the bytes the kernel receives.
struct ScalarArg {
  std::string dtype;
  std::array<unsigned char, 8> bytes{};

  /// A scalar of C++ type T and kernel dtype `dtype`.
  template <class T> static ScalarArg of(std::string dtype, T value) {
    static_assert(sizeof(T) <= 8);
    ScalarArg arg;
    arg.dtype = std::move(dtype);
    std::memcpy(arg.bytes.data(), &value, sizeof(T));
    return arg;
  }
};

/// One argument of a launch.
using KernelArg = std::variant<TensorArg, ScalarArg>;

/// A checked launch: the grid and the flattened parameter values.
struct LaunchPlan {
  std::array<unsigned, 3> grid = {1, 1, 1};
  /// One 8-byte slot per cubin parameter (docs/abi.md).
  std::vector<std::array<unsigned char, 8>> values;

  /// Pointers to the slots, as cuLaunchKernel takes them.
  std::vector<void *> parameterPointers();
  /// Whether the grid is empty (a tensor with no elements).
  bool empty() const { return grid[0] * grid[1] * grid[2] == 0; }
};

/// Checks `args` against the kernel's signature and the ownership rules of
/// a launch, and packs them. Throws Error naming the kernel, the parameter
/// and the problem: wrong count, kind, element type or rank; an innermost
/// stride other than 1; a buffer that is both an output piece and an input
/// view; pieces that give different grids; a grid beyond CUDA's limits.
LaunchPlan planLaunch(const KernelInfo &kernel,
                      std::span<const KernelArg> args);

} // namespace tile::rt

#endif // TILE_RUNTIME_LAUNCHPLAN_H
