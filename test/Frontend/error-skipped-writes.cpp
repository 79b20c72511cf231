// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// tilecc evaluates both sides of &&, || and ?: (scalars cost nothing to
// compute); an operand C++ may skip must then write nothing, or the kernel
// would mean something else on the GPU than in host mode.
bool bump(int64_t &n) {
  n = n + 1;
  return n > 2;
}

// SAFE-LABEL: func.func @guarded
// SAFE: arith.andi
// SAFE: arith.select
TILE_KERNEL void guarded(tile::Piece<int64_t, 8> out, int64_t a, int64_t b) {
  int64_t n = a;
#ifdef SAFE
  bool more = bump(n);
  bool both = a > 0 && more;
  int64_t pick = both ? n : b;
#else
  // CHECK: error-skipped-writes.cpp:[[@LINE+1]]:24: error: this operand of '&&' writes 'n', which C++ skips when the condition decides otherwise; tilecc evaluates both sides, so compute it before, or write an `if`
  bool both = a > 0 && bump(n);
  int64_t pick = both ? n : b;
#endif
  out.store(tile::full<int64_t, 8>(pick + n));
}

#ifndef SAFE
TILE_KERNEL void chosen(tile::Piece<int64_t, 8> out, int64_t a, int64_t b) {
  int64_t n = a;
  // CHECK: error-skipped-writes.cpp:[[@LINE+1]]:26: error: this operand of '?:' writes 'n'
  int64_t pick = a > b ? (n = b) : b;
  out.store(tile::full<int64_t, 8>(pick + n));
}
#endif
