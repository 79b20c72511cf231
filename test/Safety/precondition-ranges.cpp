// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A launch precondition holds from where it stands: the runtime refuses a
// launch that breaks it, so a parameter it bounds indexes a store without
// an unsafe scope. Each negative twin bounds the index one past the piece.

#ifdef SAFE
#define TOP 3
#else
#define TOP 4
#endif

// SAFE-LABEL: func.func @row_parameter
// SAFE-SAME: tile.preconditions
// SAFE: tile.store_at
TILE_KERNEL void row_parameter(tile::Piece<float, 8, 32> out,
                               tile::View<float, 2> x, int row) {
  TILE_REQUIRE(row >= 0 && row <= TOP);
#ifndef SAFE
  // CHECK: precondition-ranges.cpp:[[@LINE+2]]:46: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4]
#endif
  out.store_at(tile::load<2, 32>(x, row, 0), row, 0);
}

// Two preconditions narrow in turn; a precondition that bounds nothing
// the store uses leaves it unproven.
// SAFE-LABEL: func.func @two_facts
// SAFE: tile.store_at
TILE_KERNEL void two_facts(tile::Piece<float, 8> out, int64_t n, int k) {
  TILE_REQUIRE(n % 16 == 0);
  TILE_REQUIRE(k < TOP + 1);
#ifdef SAFE
  TILE_REQUIRE(k >= 0);
#else
  // CHECK: precondition-ranges.cpp:[[@LINE+2]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [-2147483648, 4]
#endif
  out.store_at(tile::full<float, 2>(1.0f), k);
}
