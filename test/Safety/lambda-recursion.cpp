// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A lambda is inlined at each call, so it cannot recurse, not even through
// a generic lambda handed itself as an argument.
// SAFE-LABEL: func.func @halved
// SAFE: arith.mulf
TILE_KERNEL void halved(tile::Piece<float, 64> out, float a) {
#ifdef SAFE
  auto halve = [](auto, float x) -> float { return x * 0.5f; };
#else
  // CHECK: lambda-recursion.cpp:[[@LINE+4]]:57: error: a lambda calls itself; kernels, their helpers and their lambdas cannot recurse
  // CHECK-NEXT: auto halve = [](auto self, float x) -> float { return self(self, x) * 0.5f; };
  // CHECK-NEXT: ^~~~~~~~~~~~~
  // CHECK: lambda-recursion.cpp:[[@LINE+1]]:16: note: the lambda is defined here
  auto halve = [](auto self, float x) -> float { return self(self, x) * 0.5f; };
#endif
  out.store(tile::full<float, 64>(halve(halve, a)));
}
