// RUN: not tilecc %s --emit=tile -DPAST 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: not tilecc %s --emit=tile -DRUNTIME 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUN: not tilecc %s --check -DPAST 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: not tilecc %s --check -DRUNTIME 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUN: tilecc %s --check
#include <tile/kernel.h>

// A grid has axes 0, 1 and 2, named by a constant; --check reports what
// compiling would, not only the safety analysis.
TILE_KERNEL void axis(tile::Piece<int, 8> out, int which) {
#if defined(PAST)
  // PAST: error-grid-axis.cpp:[[@LINE+1]]:32: error: grid axis must be 0, 1 or 2, found 3
  int64_t p = tile::program_id(3);
#elif defined(RUNTIME)
  // RUNTIME: error-grid-axis.cpp:[[@LINE+1]]:34: error: the axis must be an integer constant expression
  int64_t p = tile::num_programs(which);
#else
  int64_t p = tile::program_id(2) + which % 2;
#endif
  out.store(tile::full<int, 8>(static_cast<int>(p % 8)));
}
