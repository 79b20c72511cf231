// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

TILE_KERNEL void later(tile::Piece<float, 8> out) {
  // CHECK: error-uninitialized.cpp:[[@LINE+1]]:3: error: variable 'x' must be initialized where it is declared
  float x;
  out.store(tile::full<float, 8>(1.0f));
}
