//===- preconditions.h - What every launch satisfies ------------*- C++ -*-===//
//
// TILE_REQUIRE(cond) states a launch precondition: a fact about the
// kernel's integer scalar parameters and tensor sizes, such as
// `n % 16 == 0` or `x.size(1) == w.size(0)`. Preconditions come first in
// the kernel body. tilecc records each in the kernel's metadata, where the
// runtime checks it before every launch, and the safety analysis takes it
// as true from there on (a parameter proven in range needs no unsafe
// scope). In host mode each program checks it as it starts.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_KERNEL_PRECONDITIONS_H
#define TILE_KERNEL_PRECONDITIONS_H

#include <stdexcept>
#include <string>

namespace tile {

/// Host mode's check of a precondition written `text`.
inline void require(bool holds, const char *text) {
  if (!holds)
    throw std::invalid_argument(std::string("precondition `") + text +
                                "` does not hold");
}

} // namespace tile

#define TILE_REQUIRE(cond) ::tile::require(static_cast<bool>(cond), #cond)

#endif // TILE_KERNEL_PRECONDITIONS_H
