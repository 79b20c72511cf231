// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A ?: ranges over the hull of its two sides, each under what the condition
// says of it; what a side learnt from the condition ends with the ?:.

// SAFE-LABEL: func.func @either_side
TILE_KERNEL void either_side(tile::Piece<float, 8> out, int v) {
#ifdef SAFE
  out.store_at(tile::full<float, 2>(1.0f), v > 0 ? 3 : 0);
#else
  // CHECK: conditional-ranges.cpp:[[@LINE+1]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4]
  out.store_at(tile::full<float, 2>(1.0f), v > 0 ? 4 : 0);
#endif
}

// SAFE-LABEL: func.func @after_the_choice
TILE_KERNEL void after_the_choice(tile::Piece<float, 8> out, int v) {
  int row = v < 0 || v > 3 ? 0 : v;
#ifdef SAFE
  out.store_at(tile::full<float, 2>(1.0f), row);
#else
  // CHECK: conditional-ranges.cpp:[[@LINE+1]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [-2147483648, 2147483647]
  out.store_at(tile::full<float, 2>(1.0f), v + row * 0);
#endif
}
