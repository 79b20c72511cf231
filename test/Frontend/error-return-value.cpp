// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// CHECK: error-return-value.cpp:[[@LINE+1]]:13: error: a kernel returns void; it writes results into its tile::Piece parameters
TILE_KERNEL int answer(tile::Piece<int, 8> out) {
  out.store(tile::full<int, 8>(42));
  return 42;
}
