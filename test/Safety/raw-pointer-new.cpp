// RUN: not tilecc %s --check --safety-only 2>&1 | FileCheck %s
#include <tile/kernel.h>

// A raw pointer variable outside an unsafe scope is one error, and what its
// initializer does wrong is another: both are reported.
TILE_KERNEL void fresh(tile::Piece<float, 64> out) {
  // CHECK: raw-pointer-new.cpp:[[@LINE+2]]:3: error: raw pointer variable 'p' is allowed only in an unsafe scope
  // CHECK: raw-pointer-new.cpp:[[@LINE+1]]:14: error: dynamic allocation ('new') is not part of the kernel language
  float *p = new float(1.0f);
  out.store(tile::full<float, 64>(0.0f));
}
