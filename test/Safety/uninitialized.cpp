// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// Every variable gets its value where it is declared; a tile declared
// without one would be read before anything wrote it.
// SAFE-LABEL: func.func @accumulate
// SAFE: tile.load
TILE_KERNEL void accumulate(tile::Piece<float, 64> out, tile::View<float> x) {
#ifdef SAFE
  auto acc = tile::full<float, 64>(0.0f);
#else
  // CHECK: uninitialized.cpp:[[@LINE+3]]:3: error: variable 'acc' must be initialized where it is declared; a tile has no value until one is given (write tile::full<T, S...>(0) for zeros)
  // CHECK-NEXT: tile::Tile<float, 64> acc;
  // CHECK-NEXT: ^~~~~~~~~~~~~~~~~~~~~~~~~
  tile::Tile<float, 64> acc;
#endif
  out.store(acc + tile::load_like(x, out));
}
