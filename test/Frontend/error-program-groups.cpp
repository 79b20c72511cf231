// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// CHECK: error-program-groups.cpp:[[@LINE+1]]:13: error: TILE_PROGRAM_GROUPS takes one integer constant from 1 to 64: the positions along grid axis 0 that run as one group
TILE_KERNEL TILE_PROGRAM_GROUPS(0) void none(tile::Piece<float, 64> out) {
  out.store(tile::full<float, 64>(1.0f));
}

// CHECK: error-program-groups.cpp:[[@LINE+1]]:13: error: TILE_PROGRAM_GROUPS takes one integer constant from 1 to 64
TILE_KERNEL TILE_PROGRAM_GROUPS(65) void many(tile::Piece<float, 64> out) {
  out.store(tile::full<float, 64>(1.0f));
}
