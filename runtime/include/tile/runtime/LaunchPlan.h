//===- LaunchPlan.h - Checking and packing a kernel's arguments -*- C++ -*-===//

#ifndef TILE_RUNTIME_LAUNCHPLAN_H
#define TILE_RUNTIME_LAUNCHPLAN_H

#include "tile/runtime/InlineVector.h"
#include "tile/runtime/KernelArg.h"
#include "tile/runtime/KernelInfo.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

namespace tile::rt {

/// CUDA's largest grid along x.
inline constexpr int64_t kMaxGridX = 2147483647;
/// CUDA's largest grid along y and along z.
inline constexpr int64_t kMaxGridYZ = 65535;

/// The parameter slots a plan keeps inline: every kernel of the library
/// fits, so that planning a launch allocates nothing.
inline constexpr size_t kInlineSlots = 40;

/// The bytes of one tensor map parameter, aligned as the CUDA driver
/// encodes them.
struct alignas(64) TensorMapBytes {
  std::array<unsigned char, 128> bytes;
};

/// A checked launch: the grid and the flattened parameter values.
struct LaunchPlan {
  /// Programs along x, y and z: one per piece. A kernel whose programs walk
  /// its pieces (KernelInfo::persistent) launches fewer (launchGrid) and
  /// takes this grid in its last three slots.
  std::array<unsigned, 3> grid = {1, 1, 1};
  /// One 8-byte slot per cubin parameter, in order (docs/abi.md): a tensor
  /// gives its address, its extents and its strides as 64-bit integers; a
  /// scalar its value in the slot's first bytes.
  InlineVector<std::array<unsigned char, 8>, kInlineSlots> values;
  /// The tensor maps the launch passes after the slots, as the kernel's
  /// last parameters; none unless the GPU backend encoded them.
  InlineVector<TensorMapBytes, 2> tensorMaps;

  /// Pointers to the slots, then to the tensor maps, as cuLaunchKernel
  /// takes them; valid while the plan lives where it is and its slots and
  /// maps are not added or removed. Kept
  /// in the plan, so that a remembered plan finds them ready on every
  /// launch.
  void **parameterPointers();
  /// Whether the grid is empty (an output with no elements): nothing to
  /// launch.
  bool empty() const { return grid[0] == 0 || grid[1] == 0 || grid[2] == 0; }

private:
  /// parameterPointers(), as last made; stale once the plan has moved or
  /// copied (they point into the old slots) or its slots changed in number.
  InlineVector<void *, kInlineSlots> pointers;
};

/// The 8-byte slots parameter `param` packs into (docs/abi.md): a tensor's
/// (a piece's, an input piece's, a view's or an atomic output's) address,
/// extents and strides, or a scalar's value.
inline size_t parameterSlots(const ParamInfo &param) {
  return param.kind == ParamKind::Scalar
             ? 1
             : 1 + 2 * size_t(std::max(param.rank, 0));
}

/// Checks `args` against the kernel's signature and the ownership rules of
/// a launch, computes the grid and packs the arguments. The grid follows
/// from the first piece, output or input; every piece must give the same.
/// Throws Error naming the kernel, the parameter and the problem: a wrong
/// count, kind, element type or rank; a null or misaligned address, a
/// negative extent or an innermost stride other than 1; a buffer that a
/// written parameter (an output piece or an atomic output) shares with any
/// other tensor parameter (read-only ones, views and input pieces, may share
/// memory with each other); pieces that give different grids; no piece at
/// all; a grid beyond CUDA's limits; a launch precondition that does not
/// hold (Preconditions.h).
LaunchPlan planLaunch(const KernelInfo &kernel,
                      std::span<const KernelArgRef> args);
/// As above, for owned arguments.
LaunchPlan planLaunch(const KernelInfo &kernel,
                      std::span<const KernelArg> args);

} // namespace tile::rt

#endif // TILE_RUNTIME_LAUNCHPLAN_H
