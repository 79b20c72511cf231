// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

#include <cmath>

// A lambda's body is checked at each call like a helper's, its integer
// parameters ranging over the arguments' ranges.
using Rows = tile::Piece<float, 4, 64>;

// Row `r` of the 4x64 piece is in range for r in [0, 3]: the loop's range
// flows into the lambda's parameter.
// SAFE-LABEL: func.func @rows
// SAFE: scf.for
// SAFE: tile.store_at %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : <1x64xf32>, <4x64xf32>
TILE_KERNEL void rows(Rows out, float a) {
  auto storeRow = [a](Rows &piece, int r) {
#ifdef SAFE
    piece.store_at(tile::full<float, 1, 64>(a), r, 0);
#else
    // CHECK: lambda-body.cpp:[[@LINE+3]]:49: error: index 0 of the store into output piece 'piece' is not provably inside it: it ranges over [1, 4], but the piece holds 4 sub-tiles of shape 1x64 along dimension 0 (valid indices [0, 3])
    // CHECK-NEXT: piece.store_at(tile::full<float, 1, 64>(a), r + 1, 0);
    // CHECK: lambda-body.cpp:[[@LINE-6]]:29: note: 'piece' declared here, an output piece of shape 4x64
    piece.store_at(tile::full<float, 1, 64>(a), r + 1, 0);
#endif
  };
  for (int r = 0; r < 4; ++r)
    storeRow(out, r);
}

// A generic lambda's body is checked as instantiated: here it calls a
// function of the standard library.
// SAFE-LABEL: func.func @root
// SAFE: tile.sqrt
TILE_KERNEL void root(tile::Piece<float, 64> out, float a) {
  auto root = [](auto v) {
#ifdef SAFE
    return tile::sqrt(tile::full<float, 64>(v));
#else
    // CHECK: lambda-body.cpp:[[@LINE+2]]:34: error: call to 'std::sqrt', which is not part of the kernel language
    // CHECK: note: 'std::sqrt' declared here, outside the kernel language
    return tile::full<float, 64>(std::sqrt(v));
#endif
  };
  out.store(root(a));
}

// A slice of a constant row past the piece, in a lambda called at once.
// SAFE-LABEL: func.func @last_row
// SAFE: tile.store_at
TILE_KERNEL void last_row(Rows out) {
#ifdef SAFE
  constexpr int kRow = 3;
#else
  constexpr int kRow = 4;
#endif
  [](Rows &piece) {
    // CHECK: lambda-body.cpp:[[@LINE+2]]:52: error: index 0 of the store into output piece 'piece' is not provably inside it: it ranges over [4, 4]
    // CHECK: lambda-body.cpp:[[@LINE-2]]:12: note: 'piece' declared here
    piece.store_at(tile::full<float, 1, 64>(1.0f), kRow, 0);
  }(out);
}

// A default argument is evaluated, and checked, at the call.
float hostScale();
// SAFE-LABEL: func.func @defaulted
// SAFE: arith.mulf
TILE_KERNEL void defaulted(tile::Piece<float, 64> out, float a) {
#ifdef SAFE
  auto scaled = [](float v, float by = 2.0f) { return v * by; };
#else
  // CHECK: lambda-body.cpp:[[@LINE+1]]:40: error: call to 'hostScale', which is not part of the kernel language
  auto scaled = [](float v, float by = hostScale()) { return v * by; };
#endif
  out.store(tile::full<float, 64>(scaled(a)));
}
