// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

TILE_KERNEL void counter(tile::Piece<int, 8> out) {
  // CHECK: error-static.cpp:[[@LINE+1]]:3: error: static variables are shared state; kernels may not hold any
  static int calls = 0;
  out.store(tile::full<int, 8>(calls));
}
