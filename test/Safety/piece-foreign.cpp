// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A piece goes only to the operations of the kernel language and to the
// kernel's helpers; a function whose body tilecc cannot see could keep it.
void consume(tile::Piece<float, 64> &piece);

// SAFE-LABEL: func.func @hand_off
// SAFE: tile.load_piece
TILE_KERNEL void hand_off(tile::Piece<float, 64> out) {
#ifdef SAFE
  out.store(out.load() * 2.0f);
#else
  // CHECK: piece-foreign.cpp:[[@LINE+3]]:11: error: output piece 'out' is passed to 'consume', which is not an operation of the kernel language or a helper of the kernel
  // CHECK-NEXT: consume(out);
  // CHECK-NEXT: ^~~
  consume(out);
  // CHECK: piece-foreign.cpp:[[@LINE-8]]:50: note: 'out' declared here, an output piece of shape 64
  // CHECK: piece-foreign.cpp:[[@LINE-13]]:6: note: 'consume' declared here
#endif
}
