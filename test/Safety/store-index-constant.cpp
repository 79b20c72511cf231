// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A sub-tile store at a constant index must land inside the piece: a 4x64
// piece holds four 1x64 rows, at indices 0 to 3.
#ifdef SAFE
constexpr int kLastRow = 3;
#else
constexpr int kLastRow = 4;
#endif

// SAFE-LABEL: func.func @last_row
// SAFE: %[[ROW:.*]] = arith.constant 3 : i32
// SAFE: tile.store_at %{{.*}}, %{{.*}}[%[[ROW]], %{{.*}}] : <1x64xf32>, <4x64xf32>
TILE_KERNEL void last_row(tile::Piece<float, 4, 64> out) {
  // CHECK: store-index-constant.cpp:[[@LINE+3]]:48: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [4, 4], but the piece holds 4 sub-tiles of shape 1x64 along dimension 0 (valid indices [0, 3])
  // CHECK-NEXT: out.store_at(tile::full<float, 1, 64>(1.0f), kLastRow, 0);
  // CHECK-NEXT: ^~~~~~~~
  out.store_at(tile::full<float, 1, 64>(1.0f), kLastRow, 0);
  // CHECK: store-index-constant.cpp:[[@LINE-5]]:53: note: 'out' declared here, an output piece of shape 4x64
}
