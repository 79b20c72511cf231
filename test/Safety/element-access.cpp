// RUN: not tilecc %s --check 2>&1 | FileCheck %s
// RUN: tilecc %s --check --safety-only -DSAFE
#include <tile/kernel.h>

// Element accesses of a tile (host-mode code) must stay inside the tile,
// for every value the index can take.
#ifdef SAFE
constexpr int kLast = 7;
#else
constexpr int kLast = 8;
#endif

TILE_KERNEL void last(tile::Piece<float, 8> out) {
  auto ramp = tile::cast<float>(tile::iota<int32_t, 8>());
  // CHECK: element-access.cpp:[[@LINE+3]]:39: error: element index of tile 'ramp' is not provably inside its 8 elements: it ranges over [8, 8]
  // CHECK-NEXT: out.store(tile::full<float, 8>(ramp[kLast]));
  // CHECK-NEXT: ^~~~~
  out.store(tile::full<float, 8>(ramp[kLast]));
  // CHECK: element-access.cpp:[[@LINE-5]]:8: note: 'ramp' declared here, a tile of shape 8
}
