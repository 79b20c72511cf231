// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// CHECK: error-persistent.cpp:[[@LINE+1]]:13: error: TILE_PERSISTENT takes one integer constant from 1 to 32: the programs per multiprocessor that walk the kernel's pieces
TILE_KERNEL TILE_PERSISTENT(0) void none(tile::Piece<float, 64> out) {
  out.store(tile::full<float, 64>(1.0f));
}

// CHECK: error-persistent.cpp:[[@LINE+1]]:13: error: TILE_PERSISTENT takes one integer constant from 1 to 32
TILE_KERNEL TILE_PERSISTENT(33) void many(tile::Piece<float, 64> out) {
  out.store(tile::full<float, 64>(1.0f));
}
