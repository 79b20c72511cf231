// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

#include <utility>

// A piece is never copied (its copy constructor is deleted) nor moved: a
// moved piece could reach code that outlives the program. Helpers take it
// by reference.
template <int N> void fill(tile::Piece<float, N> &piece, float value) {
  piece.store(tile::full<float, N>(value));
}

// SAFE-LABEL: func.func @ones
// SAFE: tile.store
TILE_KERNEL void ones(tile::Piece<float, 64> out) {
#ifdef SAFE
  fill(out, 1.0f);
#else
  // CHECK: piece-copy.cpp:[[@LINE+3]]:15: error: output piece 'out' is copied or moved; a piece stays with the program that owns it (pass it to helpers by reference)
  // CHECK-NEXT: auto mine = std::move(out);
  // CHECK-NEXT: ^~~~~~~~~~~~~~
  auto mine = std::move(out);
  // CHECK: piece-copy.cpp:[[@LINE-8]]:46: note: 'out' declared here, an output piece of shape 64
  fill(mine, 1.0f);
#endif
}
