// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A lambda holds a copy of `row` and writes `row` through a reference it
// captures: the copy and the variable would share one name in its body.
// Capturing the variable one way only is fine (SAFE).
// SAFE-LABEL: func.func @copy_and_write
// SAFE: tile.store_at
TILE_KERNEL void copy_and_write(tile::Piece<float, 8> out) {
  int row = 1;
  int &alias = row;
#ifdef SAFE
  auto move = [&alias] { alias = 2; };
  move();
  out.store_at(tile::full<float, 2>(1.0f), row);
#else
  auto move = [row, &alias] {
    alias = 2;
    return row;
  };
  // CHECK: lambda-copy-written.cpp:[[@LINE+2]]:32: error: this call of a lambda writes 'row', which the lambda also holds a copy of (captured as 'row'); capture it by reference only, or copy it into a local variable before the lambda
  // CHECK: lambda-copy-written.cpp:[[@LINE-12]]:7: note: 'row' declared here, captured by copy
  int first = static_cast<int>(move());
  out.store_at(tile::full<float, 2>(1.0f), first);
#endif
}
