// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// Programs run concurrently: mutable global or static state would be a
// data race. Constants are fine.
float scale = 2.0f;
constexpr int kScale = 2;

// SAFE-LABEL: func.func @scaled
// SAFE: tile.store
TILE_KERNEL void scaled(tile::Piece<float, 64> out) {
#ifdef SAFE
  static const int kTimes = 1;
  out.store(tile::full<float, 64>(static_cast<float>(kScale * kTimes)));
#else
  // CHECK: global-state.cpp:[[@LINE+1]]:3: error: static variables are shared state; kernels may not hold any
  static int calls = 0;
  // CHECK: global-state.cpp:[[@LINE+3]]:35: error: 'scale' is mutable global state; programs run concurrently, so a kernel may use only constants outside its parameters
  // CHECK-NEXT: out.store(tile::full<float, 64>(scale));
  // CHECK-NEXT: ^~~~~
  out.store(tile::full<float, 64>(scale));
  // CHECK: global-state.cpp:[[@LINE-16]]:7: note: 'scale' declared here
#endif
}
