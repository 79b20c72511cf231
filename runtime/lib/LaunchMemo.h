//===- LaunchMemo.h - The checked plans of a stream's latest launches -----===//
//
// A stream launches the same few kernels on the same tensors again and again
// (a decode loop, a chain of layers), and planLaunch's checks take the
// larger part of the runtime's work per launch. A plan depends on nothing
// but the kernel's signature and the arguments, so a launch whose tensors
// are exactly those of its kernel's last launch on the stream (addresses,
// element types, extents and strides; scalars may differ) reuses that plan
// with its scalars rewritten, once the kernel's launch preconditions, which
// read scalars, hold for them.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_LAUNCHMEMO_H
#define TILE_RUNTIME_LAUNCHMEMO_H

#include "tile/runtime/Kernel.h"
#include "tile/runtime/KernelArg.h"
#include "tile/runtime/LaunchPlan.h"

#include <array>
#include <optional>
#include <span>
#include <utility>

namespace tile::rt {

/// The plans of the last few kernels launched on one stream; the stream's
/// mutex guards it.
class LaunchMemo {
public:
  /// The checked plan for launching `kernel` with `args`: the remembered
  /// one with the scalars of `args` written in, or planLaunch's, then
  /// remembered. Throws planLaunch's Error, remembering nothing.
  LaunchPlan &plan(const Kernel &kernel, std::span<const KernelArgRef> args);

  /// The kernel that plan() last stopped remembering, if any, handed over
  /// once: an entry keeps its kernel's code alive, so launches of a
  /// remembered kernel need no hold of their own, and a forgotten kernel's
  /// code must be held until its queued launches have run.
  std::optional<Kernel> takeForgotten() {
    return std::exchange(forgotten, std::nullopt);
  }

private:
  struct Entry {
    /// A copy, which shares the kernel's signature and code: held, no other
    /// kernel takes their addresses while the entry lives.
    std::optional<Kernel> kernel;
    LaunchPlan plan;

    bool isFor(const Kernel &other) const {
      return kernel && &kernel->info() == &other.info() &&
             kernel->code() == other.code();
    }
  };
  /// Kernels remembered per stream: a short loop of distinct kernels.
  static constexpr size_t kEntries = 8;
  std::array<Entry, kEntries> entries;
  /// The entry the next new plan replaces, and the one used last.
  size_t next = 0, latest = 0;
  std::optional<Kernel> forgotten;
};

} // namespace tile::rt

#endif // TILE_RUNTIME_LAUNCHMEMO_H
