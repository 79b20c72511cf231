// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// CHECK: error-min-blocks-per-sm.cpp:[[@LINE+1]]:13: error: TILE_MIN_BLOCKS_PER_SM takes one integer constant from 1 to 32: the programs a multiprocessor should hold at once
TILE_KERNEL TILE_MIN_BLOCKS_PER_SM(0) void none(tile::Piece<float, 512> out) {
  out.store(tile::full<float, 512>(1.0f));
}

// CHECK: error-min-blocks-per-sm.cpp:[[@LINE+1]]:13: error: TILE_MIN_BLOCKS_PER_SM takes one integer constant from 1 to 32
TILE_KERNEL TILE_MIN_BLOCKS_PER_SM(33) void many(tile::Piece<float, 512> out) {
  out.store(tile::full<float, 512>(1.0f));
}
