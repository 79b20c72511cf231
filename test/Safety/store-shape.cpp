// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A stored sub-tile must tile the piece: each of its dimensions divides the
// piece's, which may have any extent while tiles are powers of two. (A
// whole-piece store of another shape does not type-check.)
#ifdef SAFE
constexpr int kRows = 4;
#else
constexpr int kRows = 8;
#endif

// SAFE-LABEL: func.func @halves
// SAFE: tile.store_at %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : <4x64xf32>, <12x64xf32>
TILE_KERNEL void halves(tile::Piece<float, 12, 64> out) {
  // CHECK: store-shape.cpp:[[@LINE+3]]:16: error: stored tile of shape 8x64 does not fit output piece 'out' of shape 12x64: each dimension of the tile must divide the piece's
  // CHECK-NEXT: out.store_at(tile::full<float, kRows, 64>(1.0f), 0, 0);
  // CHECK-NEXT: ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
  out.store_at(tile::full<float, kRows, 64>(1.0f), 0, 0);
  // CHECK: store-shape.cpp:[[@LINE-5]]:52: note: 'out' declared here, an output piece of shape 12x64
}
