// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// Ranges through break, continue, return and while loops. An early return
// or a `continue` guards the code after it; the state at a `break` reaches
// the code after its loop; a while loop bounds nothing it writes. Each
// negative twin leaves a store one past the piece, or unbounded.

#ifdef SAFE
#define TOP 3
#else
#define TOP 4
#endif

// SAFE-LABEL: func.func @guard_return
// SAFE: scf.if
// SAFE: tile.store_at
TILE_KERNEL void guard_return(tile::Piece<float, 8> out, int v) {
  if (v < 0 || v > TOP)
    return;
#ifndef SAFE
  // CHECK: jump-ranges.cpp:[[@LINE+2]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4]
#endif
  out.store_at(tile::full<float, 2>(1.0f), v);
}

// SAFE-LABEL: func.func @guard_continue
// SAFE: scf.for
// SAFE: tile.store_at
TILE_KERNEL void guard_continue(tile::Piece<float, 8> out,
                                tile::View<int> rows) {
  for (int i = 0; i < 4; ++i) {
    int row = tile::load_scalar(rows, i);
    if (row < 0)
      continue;
    if (row > TOP)
      continue;
#ifndef SAFE
    // CHECK: jump-ranges.cpp:[[@LINE+2]]:46: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4]
#endif
    out.store_at(tile::full<float, 2>(1.0f), row);
  }
}

// The value a `break` leaves reaches the store after the loop, though the
// body's end overwrites it.
// SAFE-LABEL: func.func @break_state
// SAFE: scf.while
// SAFE: tile.store_at
TILE_KERNEL void break_state(tile::Piece<float, 8> out, int n) {
  int row = 0;
  for (int i = 0; i < 8; ++i) {
    row = TOP;
    if (i == n)
      break;
    row = 2;
  }
#ifndef SAFE
  // CHECK: jump-ranges.cpp:[[@LINE+2]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4]
#endif
  out.store_at(tile::full<float, 2>(1.0f), row);
}

// A while loop's variables are unknown at its head, counters too: only
// what its condition says holds in the body and after it.
// SAFE-LABEL: func.func @while_counter
// SAFE: scf.while
// SAFE: tile.store_at
TILE_KERNEL void while_counter(tile::Piece<float, 8> out, int n) {
  int row = 0;
#ifdef SAFE
  while (row >= 0 && row < 4) {
    out.store_at(tile::full<float, 2>(1.0f), row);
    row = row + n % 2;
  }
#else
  while (row < 4) {
    // CHECK: jump-ranges.cpp:[[@LINE+1]]:46: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [-2147483648, 3]
    out.store_at(tile::full<float, 2>(1.0f), row);
    row = row + 1;
  }
#endif
}

// After a do loop, its condition is false.
// SAFE-LABEL: func.func @do_until
// SAFE: scf.while
// SAFE: tile.store_at
TILE_KERNEL void do_until(tile::Piece<float, 8> out, tile::View<int> rows) {
  int i = 0;
  int row = 0;
  do {
    row = tile::load_scalar(rows, i);
    i = i % 4 + 1;
  } while (row < 0 || row > TOP);
#ifndef SAFE
  // CHECK: jump-ranges.cpp:[[@LINE+2]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4]
#endif
  out.store_at(tile::full<float, 2>(1.0f), row);
}
