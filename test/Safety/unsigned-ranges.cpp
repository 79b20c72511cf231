// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --check --safety-only -DSAFE
#include <tile/kernel.h>

// An unsigned value that wraps takes every value of its type, and the
// diagnostic says so in the type's own values. (tilecc generates no code
// for 32-bit unsigned scalars yet: the twin is checked only.)
TILE_KERNEL void wrap(tile::Piece<float, 8> out) {
  for (uint32_t i = 0; i < 3; ++i) {
#ifndef SAFE
    // CHECK: unsigned-ranges.cpp:[[@LINE+1]]:46: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4294967295], but the piece holds 4 sub-tiles
    out.store_at(tile::full<float, 2>(1.0f), i - 1u);
#else
    out.store_at(tile::full<float, 2>(1.0f), i + 1u);
#endif
  }
}
