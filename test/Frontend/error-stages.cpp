// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// CHECK: error-stages.cpp:[[@LINE+1]]:13: error: TILE_STAGES takes one integer constant from 3 to 8: the most shared-memory stages of a matrix product's operands
TILE_KERNEL TILE_STAGES(2) void shallow(tile::Piece<float, 64> out) {
  out.store(tile::full<float, 64>(1.0f));
}

// CHECK: error-stages.cpp:[[@LINE+1]]:13: error: TILE_STAGES takes one integer constant from 3 to 8
TILE_KERNEL TILE_STAGES(9) void deep(tile::Piece<float, 64> out) {
  out.store(tile::full<float, 64>(1.0f));
}
