// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// Helpers are inlined at each call, so they cannot recurse, directly or
// through other helpers.
float halve(float x, int times);

float twice(float x, int times) {
#ifdef SAFE
  return x * 2.0f;
#else
  // twice -> halve -> twice, and twice -> twice.
  return halve(x, times) * twice(x, times - 1);
  // CHECK: recursion.cpp:[[@LINE-1]]:10: error: 'halve' calls itself; kernels and their helpers cannot recurse
  // CHECK-NEXT: return halve(x, times) * twice(x, times - 1);
  // CHECK-NEXT: ^~~~~~~~~~~~~~~
  // CHECK: recursion.cpp:[[@LINE+6]]:7: note: 'halve' defined here
  // CHECK: recursion.cpp:[[@LINE-5]]:28: error: 'twice' calls itself; kernels and their helpers cannot recurse
  // CHECK: recursion.cpp:[[@LINE-11]]:7: note: 'twice' defined here
#endif
}

float halve(float x, int times) { return twice(x, times) * 0.25f; }

// SAFE-LABEL: func.func @scaled
// SAFE: arith.mulf
TILE_KERNEL void scaled(tile::Piece<float, 64> out, float a) {
  out.store(tile::full<float, 64>(halve(a, 3)));
}
