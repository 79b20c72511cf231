// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A quotient by a divisor in [1, 8] spans from the dividend's least value
// divided by 1 to its greatest divided by 1: [-2^31, 2^31 - 1] for an int.
// Taking 2^31 - 2^28 from it overflows; taking 2^31 - 2^28 - 1 from a
// quotient by 8 alone, [-2^28, 2^28 - 1], does not.
// SAFE-LABEL: func.func @quotient
TILE_KERNEL void quotient(tile::Piece<int, 8> out, int n, int m) {
#ifdef SAFE
  int q = n / 8 - 1879048191;
#else
  // CHECK: division-ranges.cpp:[[@LINE+1]]:11: error: 32-bit integer arithmetic can overflow: the result ranges over [-4026531840, 268435455] for the largest grids, tensors and parameters; compute it in int64_t
  int q = n / ((m & 7) + 1) - 1879048192;
#endif
  out.store(tile::full<int, 8>(q % 8));
}
