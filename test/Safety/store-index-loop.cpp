// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// An index affine in loop variables is bounded by the loop's bounds: with
// `r <= R` the last iteration stores one row past the piece.
// SAFE-LABEL: func.func @rows_4
// SAFE: scf.for
// SAFE: tile.store_at %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : <2x64xf32>, <8x128xf32>
template <int R>
TILE_KERNEL void rows(tile::Piece<float, 2 * R, 128> out) {
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < 2; ++c)
#ifdef SAFE
      out.store_at(tile::full<float, 2, 64>(1.0f), r, 1 - c);
#else
      // CHECK: store-index-loop.cpp:[[@LINE+3]]:52: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [1, 4], but the piece holds 4 sub-tiles of shape 2x64 along dimension 0 (valid indices [0, 3])
      // CHECK-NEXT: out.store_at(tile::full<float, 2, 64>(1.0f), r + 1, c);
      // CHECK-NEXT: ^~~~~
      out.store_at(tile::full<float, 2, 64>(1.0f), r + 1, c);
      // CHECK: store-index-loop.cpp:[[@LINE-10]]:54: note: 'out' declared here, an output piece of shape 8x128
#endif
}
template void rows<4>(tile::Piece<float, 8, 128>);

// A helper may change a variable passed to it by non-const reference: the
// index takes the range of what the helper wrote, and the loop's bound
// alone proves nothing.
void advance(int &i, int by) { i = i + by; }

// SAFE-LABEL: func.func @advanced
// SAFE: tile.store_at
TILE_KERNEL void advanced(tile::Piece<float, 8> out) {
  for (int r = 0; r < 4; ++r) {
    int row = r;
#ifdef SAFE
    advance(row, 0);
    out.store_at(tile::full<float, 2>(1.0f), row);
#else
    advance(row, 100);
    // CHECK: store-index-loop.cpp:[[@LINE+1]]:46: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [100, 103], but the piece holds 4 sub-tiles of shape 2 along dimension 0 (valid indices [0, 3])
    out.store_at(tile::full<float, 2>(1.0f), row);
#endif
  }
}
