// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

#include <cmath>
#include <cstdio>

// Host functions and the standard library are not the kernel language;
// their tile counterparts are.
// SAFE-LABEL: func.func @root
// SAFE: tile.sqrt
TILE_KERNEL void root(tile::Piece<float, 64> out, float a) {
#ifdef SAFE
  out.store(tile::sqrt(tile::full<float, 64>(a)));
#else
  // CHECK: foreign-call.cpp:[[@LINE+4]]:3: error: call to 'printf', which is not part of the kernel language
  // CHECK-NEXT: std::printf("%f\n", a);
  // CHECK-NEXT: ^~~~~~~~~~~~~~~~~~~~~~
  // CHECK: note: 'printf' declared here, outside the kernel language (a host function, the standard library, or no definition)
  std::printf("%f\n", a);
  out.store(tile::full<float, 64>(std::sqrt(a)));
#endif
}
