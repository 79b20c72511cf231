// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

int factorial(int n) {
  // CHECK: error-helpers.cpp:[[@LINE+1]]:27: error: 'factorial' calls itself; kernels and their helpers cannot recurse
  return n <= 1 ? 1 : n * factorial(n - 1);
}

TILE_KERNEL void recursive(tile::Piece<int, 8> out, int n) {
  out.store(tile::full<int, 8>(factorial(n)));
}

float clampPositive(float a) {
  if (a < 0.0f)
    // CHECK: error-helpers.cpp:[[@LINE+1]]:5: error: a helper or a lambda returns only at its end, not from inside a loop or an `if`; guard the work with the condition instead
    return 0.0f;
  return a;
}

TILE_KERNEL void earlyHelperReturn(tile::Piece<float, 8> out, float a) {
  out.store(tile::full<float, 8>(clampPositive(a)));
}

TILE_KERNEL void tileTernary(tile::Piece<float, 8> out, float a) {
  auto one = tile::full<float, 8>(1.0f);
  auto two = tile::full<float, 8>(2.0f);
  // CHECK: error-helpers.cpp:[[@LINE+1]]:13: error: ?: chooses between scalars; choose between tiles with tile::select
  out.store(a > 0.0f ? one : two);
}

// A non-const reference parameter names a variable, which the helper
// writes through it: an lvalue that may be one of two names none.
void countUp(int32_t &count) { count = count + 1; }

TILE_KERNEL void referenceToEither(tile::Piece<float, 8> out, int32_t n,
                                   int32_t m) {
  // CHECK: error-helpers.cpp:[[@LINE+1]]:11: error: the argument of non-const reference parameter 'count' must be a variable of the kernel, which the helper writes through it
  countUp(n > 0 ? n : m);
  out.store(tile::full<float, 8>(float(n + m)));
}

