// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A piece must not escape the program: not through its address, not
// captured by a lambda, not returned by a helper, not stored in an object.
using Piece = tile::Piece<float, 64>;
struct Holder {
  Piece &piece;
};
struct Keeper {
  explicit Keeper(Piece &kept) : piece(kept) {}
  Piece &piece;
};

#ifndef SAFE
Piece &keep(Piece &piece) {
  return piece;
}
#endif

// A lambda stores into the piece it takes by reference, as the error about
// captured pieces suggests.
// SAFE-LABEL: func.func @escapes
// SAFE: %[[ONE:.*]] = tile.constant dense<1.000000e+00>
// SAFE: tile.store %[[ONE]], %arg0
TILE_KERNEL void escapes(Piece out) {
#ifdef SAFE
  auto later = [](Piece &piece) { piece.store(tile::full<float, 64>(1.0f)); };
  later(out);
#else
  // CHECK: piece-escape.cpp:[[@LINE+2]]:16: error: taking the address of output piece 'out' lets it escape the program; pass it by reference
  // CHECK: piece-escape.cpp:[[@LINE-6]]:32: note: 'out' declared here, an output piece of shape 64
  Piece *raw = &out;
  // CHECK: piece-escape.cpp:[[@LINE+1]]:18: error: output piece 'out' is captured by a lambda, which can outlive the program's use of it; give the lambda a parameter `tile::Piece<float, 64> &` and pass the piece at the call instead
  auto later = [&out] { out.store(tile::full<float, 64>(1.0f)); };
  // CHECK: piece-escape.cpp:[[@LINE+1]]:17: error: output piece 'out' is stored in an object of type 'Holder', letting it escape the program
  Holder holder{out};
  // CHECK: piece-escape.cpp:[[@LINE+1]]:17: error: output piece 'out' is stored in an object of type 'Keeper', letting it escape the program
  Keeper keeper(out);
  keep(out).store(tile::full<float, 64>(2.0f));
  // The helper is checked where the kernel calls it.
  // CHECK: piece-escape.cpp:[[@LINE-25]]:3: error: 'keep' returns output piece 'piece', letting it escape; helpers take pieces by reference and return tiles or nothing
  // CHECK-NEXT: return piece;
  // CHECK: piece-escape.cpp:[[@LINE-28]]:20: note: 'piece' declared here, an output piece of shape 64
#endif
}
