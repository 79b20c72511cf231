//===- assert.h - Checks a kernel makes as it runs --------------*- C++ -*-===//
//
// TILE_ASSERT(cond, "message") stops the kernel where `cond`, a scalar
// condition, does not hold. On the GPU the first thread of the failing
// program prints the message through the device's assertion (with the
// kernel's name, file and line) and every thread of the program traps, so
// no code after the assertion runs there; the runtime then reports the
// failure, and the GPU context is lost. Host mode throws. Since nothing
// after a failing assertion runs, the safety analysis takes `cond` as true
// after it: a value read from memory may index a store once an assertion
// has bounded it.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_ASSERT_H
#define TILE_KERNEL_ASSERT_H

#include "tile/kernel/grid.h"

#include <stdexcept>
#include <string>

namespace tile {

/// Host mode's check of an assertion written `text`.
inline void kernel_assert(bool holds, const char *text, const char *message) {
  if (!holds)
    throw std::runtime_error(
        std::string("kernel assertion `") + text + "` failed in program (" +
        std::to_string(program_id(0)) + ", " + std::to_string(program_id(1)) +
        ", " + std::to_string(program_id(2)) + "): " + message);
}

} // namespace tile

#define TILE_ASSERT(cond, message)                                             \
  ::tile::kernel_assert(static_cast<bool>(cond), #cond, message)

#endif // TILE_KERNEL_ASSERT_H
