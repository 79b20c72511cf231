// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// An atomic output changes only through its atomic updates: other programs
// update it at the same time, so a plain write into it is a race, rejected
// even in an unsafe scope.
// SAFE-LABEL: func.func @count
// SAFE: tile.atomic_update add
TILE_KERNEL void count(tile::Piece<const int32_t, 64> bins,
                       tile::Atomic<int32_t> hist) {
#ifdef SAFE
  hist.add(tile::full<int32_t, 64>(1), bins.load());
#else
  TILE_UNSAFE("bin 0 is cleared by every program") {
    // CHECK: write-into-atomic.cpp:[[@LINE+3]]:5: error: plain write into atomic output 'hist', which other programs update at the same time; a kernel changes it only through its atomic updates (add, min, max, bit_and, bit_or, bit_xor), even in an unsafe scope
    // CHECK-NEXT: hist.data()[0] = 0;
    // CHECK-NEXT: ^~~~~~~~~~~~~~~~~~
    hist.data()[0] = 0;
    // CHECK: write-into-atomic.cpp:[[@LINE-9]]:46: note: 'hist' declared here, an atomic output
  }
  hist.add(tile::full<int32_t, 64>(1), bins.load());
#endif
}
