// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A loop counting by a step from a known start stops at the last value of
// start + k * step below its end: `k < 8` by 2 from 0 ends at 6, so a loop
// may handle two sub-tiles per iteration. From 1 it ends at 7, one too far.
// SAFE-LABEL: func.func @pairs_16
// SAFE: scf.for
// SAFE-COUNT-2: tile.store_at
template <int N>
TILE_KERNEL void pairs(tile::Piece<float, 1, N> out) {
#ifdef SAFE
  for (int k = 0; k < N / 2; k += 2) {
#else
  for (int k = 1; k < N / 2; k += 2) {
#endif
    out.store_at(tile::full<float, 1, 2>(1.0f), 0, k);
    // CHECK: store-index-loop-step.cpp:[[@LINE+3]]:52: error: index 1 of the store into output piece 'out' is not provably inside it: it ranges over [2, 8], but the piece holds 8 sub-tiles of shape 1x2 along dimension 1 (valid indices [0, 7])
    // CHECK-NEXT: out.store_at(tile::full<float, 1, 2>(1.0f), 0, k + 1);
    // CHECK-NEXT: ^~~~~
    out.store_at(tile::full<float, 1, 2>(1.0f), 0, k + 1);
  }
}
template void pairs<16>(tile::Piece<float, 1, 16>);
