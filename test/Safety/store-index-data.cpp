// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// An index read from a parameter has no known range: the store may land in
// another program's piece. Only a bounded index (here one reduced modulo
// the row count) or an unsafe scope is accepted.
// SAFE-LABEL: func.func @scatter
// SAFE: arith.remsi
// SAFE: tile.store_at
TILE_KERNEL void scatter(tile::Piece<float, 16, 32> out, int row) {
  auto value = tile::full<float, 1, 32>(1.0f);
#ifdef SAFE
  out.store_at(value, (row % 16 + 16) % 16, 0);
#else
  // CHECK: store-index-data.cpp:[[@LINE+3]]:23: error: index 0 of the store into output piece 'out' is not provably inside it: it depends on values of unknown range (parameters, tensor sizes, loaded data), but the piece holds 16 sub-tiles of shape 1x32 along dimension 0 (valid indices [0, 15])
  // CHECK-NEXT: out.store_at(value, row, 0);
  // CHECK-NEXT: ^~~
  out.store_at(value, row, 0);
  // CHECK: store-index-data.cpp:[[@LINE-9]]:53: note: 'out' declared here, an output piece of shape 16x32
#endif
}
