// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
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
    // CHECK: error-helpers.cpp:[[@LINE+1]]:5: error: a kernel returns only at its end, not from inside a loop or an `if`; guard the work with the condition instead
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

// The write would be lost: the helper's x is bound to the caller's value.
// CHECK: error-helpers.cpp:[[@LINE+1]]:30: error: parameter 'x' is a non-const reference: a helper cannot write to its caller's variables; take it by value or const reference and return the new value
template <int N> void addOne(tile::Tile<float, N> &x) { x = x + 1.0f; }

TILE_KERNEL void tileThroughReference(tile::Piece<float, 8> out) {
  auto x = tile::full<float, 8>(1.0f);
  addOne<8>(x);
  out.store(x);
}

// CHECK: error-helpers.cpp:[[@LINE+1]]:14: error: parameter 'count' is a non-const reference: a helper cannot write to its caller's variables; take it by value or const reference and return the new value
void countUp(int32_t &count) { count = count + 1; }

TILE_KERNEL void scalarThroughReference(tile::Piece<float, 8> out, int32_t n) {
  countUp(n);
  out.store(tile::full<float, 8>(float(n)));
}
