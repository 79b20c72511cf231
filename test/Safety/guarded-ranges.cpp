// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// The patterns that bound an index in everyday kernels compile without an
// unsafe scope: a clamp with ?:, a clamp helper, a guard with `if`, a shift,
// a mask, and a counter carried in step with the loop. Each negative twin
// leaves the bound one past the piece.

#ifdef SAFE
#define TOP 3
#else
#define TOP 4
#endif

// SAFE-LABEL: func.func @clamp_ternary
// SAFE: arith.select
// SAFE: tile.store_at
TILE_KERNEL void clamp_ternary(tile::Piece<float, 8> out, int v) {
#ifndef SAFE
  // CHECK: guarded-ranges.cpp:[[@LINE+2]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4]
#endif
  out.store_at(tile::full<float, 2>(1.0f), v < 0 ? 0 : v > TOP ? TOP : v);
}

// A clamp helper, as a template and through a macro.
template <typename T> T clampTo(T v, T lo, T hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}
#define CLAMP_ROW(v) clampTo(v, 0, TOP)

// SAFE-LABEL: func.func @clamp_helper
TILE_KERNEL void clamp_helper(tile::Piece<float, 8> out, int v) {
  int row = CLAMP_ROW(v);
#ifndef SAFE
  // CHECK: guarded-ranges.cpp:[[@LINE+2]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4]
#endif
  out.store_at(tile::full<float, 2>(1.0f), row);
}

// SAFE-LABEL: func.func @guard_if
// SAFE: scf.if
// SAFE: tile.store_at
TILE_KERNEL void guard_if(tile::Piece<float, 8> out, int r) {
  if (r >= 0 && r <= TOP) {
#ifndef SAFE
    // CHECK: guarded-ranges.cpp:[[@LINE+2]]:46: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4]
#endif
    out.store_at(tile::full<float, 2>(1.0f), r);
  }
}

// A condition that is no comparison (a bool) refines nothing; the
// comparisons beside it still do.
// SAFE-LABEL: func.func @guard_flag
TILE_KERNEL void guard_flag(tile::Piece<float, 8> out, int r) {
  bool ready = r > 1;
  if (ready && r >= 0 && r < 4)
    out.store_at(tile::full<float, 2>(1.0f), r);
}

// The else branch of a guard, through a helper.
void putAt(tile::Piece<float, 8> &out, int at) {
  out.store_at(tile::full<float, 2>(1.0f), at);
}

// SAFE-LABEL: func.func @guard_else
TILE_KERNEL void guard_else(tile::Piece<float, 8> out, int r) {
  if (r < 0 || r > TOP) {
    putAt(out, 0);
  } else {
#ifndef SAFE
    // CHECK: guarded-ranges.cpp:[[@LINE-9]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4]
#endif
    putAt(out, r);
  }
}

// SAFE-LABEL: func.func @shift_index
// SAFE: arith.shli
TILE_KERNEL void shift_index(tile::Piece<float, 8> out) {
  for (int b = 0; b < 2; ++b)
#ifndef SAFE
    // CHECK: guarded-ranges.cpp:[[@LINE+2]]:46: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [3, 4]
#endif
    out.store_at(tile::full<float, 2>(1.0f), (1 << b) + TOP - 2);
}

// SAFE-LABEL: func.func @mask_index
// SAFE: arith.andi
TILE_KERNEL void mask_index(tile::Piece<float, 8> out, int v) {
#ifndef SAFE
  // CHECK: guarded-ranges.cpp:[[@LINE+2]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4]
#endif
  out.store_at(tile::full<float, 2>(1.0f), v & TOP);
}

// An exclusive or of non-negative values sets no bit above the wider one's:
// b ^ 2 lies in [0, 3] and b ^ 4 in [0, 7].
// SAFE-LABEL: func.func @xor_index
// SAFE: arith.xori
TILE_KERNEL void xor_index(tile::Piece<float, 8> out) {
  for (int b = 0; b < 2; ++b)
#ifndef SAFE
    // CHECK: guarded-ranges.cpp:[[@LINE+2]]:46: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 7]
#endif
    out.store_at(tile::full<float, 2>(1.0f), b ^ (2 * TOP - 4));
}

// SAFE-LABEL: func.func @carried_counter
// SAFE: scf.for
// SAFE: tile.store_at
TILE_KERNEL void carried_counter(tile::Piece<float, 8> out) {
  int row = TOP - 3;
  for (int i = 0; i < 4; ++i) {
#ifndef SAFE
    // CHECK: guarded-ranges.cpp:[[@LINE+2]]:46: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [1, 4]
#endif
    out.store_at(tile::full<float, 2>(1.0f), row);
    row += 1;
  }
}

// A counter that moves only on some iterations stays within its count.
// SAFE-LABEL: func.func @conditional_counter
TILE_KERNEL void conditional_counter(tile::Piece<float, 8> out, int n) {
  int filled = TOP - 3;
  for (int i = 0; i < 4; ++i) {
    if (i < n) {
#ifndef SAFE
      // CHECK: guarded-ranges.cpp:[[@LINE+2]]:48: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [1, 4]
#endif
      out.store_at(tile::full<float, 2>(1.0f), filled);
      ++filled;
    }
  }
}


// A write that may reach the counter through `?:` makes it no counter
// (checked by the analysis alone: the frontend takes no such write).
// RUN: not tilecc %s --check --safety-only -DEITHER 2>&1 | FileCheck %s --check-prefix=EITHER
#ifdef EITHER
TILE_KERNEL void either_counter(tile::Piece<float, 8> out, int n) {
  int row = 0;
  int other = 0;
  for (int i = 0; i < 4; ++i) {
    // EITHER: guarded-ranges.cpp:[[@LINE+1]]:46: error: index 0 of the store into output piece 'out' is not provably inside it: it depends on values of unknown range
    out.store_at(tile::full<float, 2>(1.0f), row);
    (n > 0 ? row : other) += 2;
  }
}
#endif

// Reading a counter (here negated) leaves it a counter.
// SAFE-LABEL: func.func @negated_counter
// SAFE: tile.store_at
TILE_KERNEL void negated_counter(tile::Piece<float, 8> out) {
  int row = TOP - 3;
  for (int i = 0; i < 4; ++i) {
    int below = -row;
#ifndef SAFE
    // CHECK: guarded-ranges.cpp:[[@LINE+2]]:54: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [1, 4]
#endif
    out.store_at(tile::full<float, 2>(float(below)), row);
    row += 1;
  }
}

// Taking a counter's address, even in an unsafe scope, makes it no counter:
// a write through the pointer would move it unseen.
// RUN: not tilecc %s --check --safety-only -DADDRESS 2>&1 | FileCheck %s --check-prefix=ADDRESS
#ifdef ADDRESS
TILE_KERNEL void addressed_counter(tile::Piece<float, 8> out) {
  int64_t row = 0;
  for (int i = 0; i < 4; ++i) {
    TILE_UNSAFE("the pointer names row") {
      int64_t *moved = &row;
      *moved += 3;
    }
    // ADDRESS: guarded-ranges.cpp:[[@LINE+1]]:46: error: index 0 of the store into output piece 'out' is not provably inside it: it depends on values of unknown range
    out.store_at(tile::full<float, 2>(1.0f), row);
    row += 1;
  }
}
#endif
