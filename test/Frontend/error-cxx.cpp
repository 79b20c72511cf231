// Errors of C++ itself come from Clang, in Clang's words.
// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

TILE_KERNEL void broken(tile::Piece<float, 8> out) {
  // CHECK: error-cxx.cpp:[[@LINE+1]]:13: error: use of undeclared identifier 'missing'
  out.store(missing);
}
