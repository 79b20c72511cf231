// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// An input view is read-only: a write through it is rejected even inside an
// unsafe scope, since other programs read the same tensor.
// SAFE-LABEL: func.func @clear
// SAFE: tile.store
TILE_KERNEL void clear(tile::Piece<float, 64> out, tile::View<float> x) {
#ifdef SAFE
  out.store(tile::full<float, 64>(0.0f) + tile::load_like(x, out));
#else
  TILE_UNSAFE("x is scratch memory") {
    // CHECK: write-through-view.cpp:[[@LINE+3]]:5: error: write through input view 'x'; a kernel writes only into its output pieces, even in an unsafe scope
    // CHECK-NEXT: const_cast<float *>(x.data())[0] = 0.0f;
    // CHECK-NEXT: ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    const_cast<float *>(x.data())[0] = 0.0f;
    // CHECK: write-through-view.cpp:[[@LINE-9]]:70: note: 'x' declared here, an input view
  }
  out.store(tile::full<float, 64>(0.0f));
#endif
}
