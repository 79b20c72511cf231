// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// After TILE_ASSERT its condition holds: a program where it fails stops
// there. A value loaded from memory may then index a store. The negative
// twin bounds the index one past the piece.

#ifdef SAFE
#define TOP 3
#else
#define TOP 4
#endif

// SAFE-LABEL: func.func @routed
// SAFE: tile.assert
// SAFE: tile.store_at
TILE_KERNEL void routed(tile::Piece<float, 8> out, tile::View<int32_t> rows) {
  int row = tile::load_scalar(rows, tile::program_id(0));
  TILE_ASSERT(row >= 0 && row <= TOP, "rows within the piece");
#ifndef SAFE
  // CHECK: assertion-ranges.cpp:[[@LINE+2]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4]
#endif
  out.store_at(tile::full<float, 2>(1.0f), row);
}
