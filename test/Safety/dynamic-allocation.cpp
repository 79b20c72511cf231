// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

#include <cstdlib>

// A program has no heap: it holds tiles and scalars and writes its pieces.
// Allocation is rejected even in an unsafe scope.
// SAFE-LABEL: func.func @scratch
// SAFE: tile.store
TILE_KERNEL void scratch(tile::Piece<float, 64> out) {
#ifndef SAFE
  TILE_UNSAFE("freed before the end") {
    // CHECK: dynamic-allocation.cpp:[[@LINE+1]]:21: error: dynamic allocation ('new') is not part of the kernel language; a program holds tiles and scalars, and writes only its output pieces
    float *buffer = new float[64];
    // CHECK: dynamic-allocation.cpp:[[@LINE+1]]:5: error: dynamic allocation ('delete')
    delete[] buffer;
    // CHECK: dynamic-allocation.cpp:[[@LINE+1]]:5: error: dynamic allocation ('free')
    std::free(std::malloc(16));
  }
#endif
  out.store(tile::full<float, 64>(0.0f));
}
