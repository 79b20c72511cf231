// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
#include <tile/kernel.h>

// An assertion's message is a string literal, which the GPU prints.

TILE_KERNEL void computedMessage(tile::Piece<int, 8> out, int n) {
  // CHECK: error-assertions.cpp:[[@LINE+1]]:3: error: write kernel assertions as TILE_ASSERT(condition, "message"), the message a string literal
  TILE_ASSERT(n != 3, n > 0 ? "positive" : "negative");
  out.store(tile::full<int, 8>(n));
}
