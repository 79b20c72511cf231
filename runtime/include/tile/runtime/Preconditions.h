//===- Preconditions.h - A launch's preconditions, evaluated ----*- C++ -*-===//
//
// A kernel's launch preconditions (TILE_REQUIRE; docs/abi.md, Launch
// preconditions) are facts about its integer scalars and its tensors'
// extents, recorded in its metadata as expressions. planLaunch evaluates
// them against the arguments of every launch.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_RUNTIME_PRECONDITIONS_H
#define TILE_RUNTIME_PRECONDITIONS_H

#include "tile/runtime/KernelArg.h"
#include "tile/runtime/KernelInfo.h"

#include <optional>
#include <span>
#include <string>

namespace tile::rt {

/// Why `args` break a precondition of `kernel` (the first that fails, in
/// the kernel's order), listing the values of the parameters and sizes its
/// evaluation read: "precondition `n % 16 == 0` does not hold (n = 17)", or
/// that it divides by zero ("precondition `n % d == 0` divides by zero (n =
/// 17, d = 0)") or shifts by a count outside its type ("precondition `(1 <<
/// s) <= n` shifts an i32 by 40, outside 0 to 31 (s = 40)"); nullopt when
/// every one holds. `args` have been checked against the kernel's parameters
/// (planLaunch does that first). Allocates nothing for a kernel without
/// preconditions.
std::optional<std::string>
brokenPrecondition(const KernelInfo &kernel,
                   std::span<const KernelArgRef> args);

} // namespace tile::rt

#endif // TILE_RUNTIME_PRECONDITIONS_H
