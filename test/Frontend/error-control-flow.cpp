// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

TILE_KERNEL void notEqual(tile::Piece<int, 8> out, int n) {
  auto t = tile::full<int, 8>(0);
  // CHECK: error-control-flow.cpp:[[@LINE+1]]:3: error: write kernel loops as `for (int i = start; i < end; ++i)`, with < or <=, and ++i, i++ or i += a positive constant
  for (int i = 0; i != n; ++i)
    t = t + 1;
  out.store(t);
}

TILE_KERNEL void downward(tile::Piece<int, 8> out, int n) {
  auto t = tile::full<int, 8>(0);
  // CHECK: error-control-flow.cpp:[[@LINE+1]]:26: error: write kernel loops as
  for (int i = 0; i < n; i += -1)
    t = t + 1;
  out.store(t);
}

TILE_KERNEL void standsStill(tile::Piece<int, 8> out, int n) {
  auto t = tile::full<int, 8>(0);
  // CHECK: error-control-flow.cpp:[[@LINE+1]]:26: error: write kernel loops as
  for (int i = 0; i < n; i += 0)
    t = t + 1;
  out.store(t);
}

TILE_KERNEL void changesVariable(tile::Piece<int, 8> out, int n) {
  auto t = tile::full<int, 8>(0);
  // CHECK: error-control-flow.cpp:[[@LINE+1]]:31: error: the loop variable 'i' is assigned in the loop body; kernel loops count from start to end by a constant step
  for (int i = 0; i < n; ++i) {
    i += 1;
  }
  out.store(t);
}

TILE_KERNEL void changesBound(tile::Piece<int, 8> out, int n) {
  auto t = tile::full<int, 8>(0);
  // CHECK: error-control-flow.cpp:[[@LINE+1]]:23: error: the loop bound changes inside the loop; compute it before the loop
  for (int i = 0; i < n; ++i)
    n = n - 1;
  out.store(t);
}

TILE_KERNEL void assigningCondition(tile::Piece<int, 8> out, int n) {
  int i = 0;
  // CHECK: error-control-flow.cpp:[[@LINE+1]]:10: error: a loop condition may not assign variables; assign them in the loop's body
  while (i++ < n) {
  }
  out.store(tile::full<int, 8>(i));
}

TILE_KERNEL void conditionVariable(tile::Piece<int, 8> out, int n) {
  // CHECK: error-control-flow.cpp:[[@LINE+1]]:3: error: declare variables before the `while`, not in its condition
  while (int left = n / 2) {
    n = left;
  }
  out.store(tile::full<int, 8>(n));
}

TILE_KERNEL void reassignsView(tile::Piece<int, 8> out, tile::View<int> a,
                               tile::View<int> b) {
  // CHECK: error-control-flow.cpp:[[@LINE+1]]:3: error: 'a' is a tile::Piece or tile::View; they cannot be reassigned
  a = b;
  out.store(tile::load_like(a, out));
}
