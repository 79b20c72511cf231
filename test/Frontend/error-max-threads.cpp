// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// CHECK: error-max-threads.cpp:[[@LINE+1]]:13: error: TILE_MAX_THREADS takes one integer constant that is a power of two from 32 to 1024: the most threads a program may run on
TILE_KERNEL TILE_MAX_THREADS(96) void odd(tile::Piece<float, 512> out) {
  out.store(tile::full<float, 512>(1.0f));
}

// CHECK: error-max-threads.cpp:[[@LINE+1]]:13: error: TILE_MAX_THREADS takes one integer constant that is a power of two from 32 to 1024
TILE_KERNEL TILE_MAX_THREADS(16) void few(tile::Piece<float, 512> out) {
  out.store(tile::full<float, 512>(1.0f));
}

// CHECK: error-max-threads.cpp:[[@LINE+1]]:13: error: TILE_MAX_THREADS takes one integer constant that is a power of two from 32 to 1024
TILE_KERNEL TILE_MAX_THREADS(2048) void many(tile::Piece<float, 512> out) {
  out.store(tile::full<float, 512>(1.0f));
}

// Both hints together, each checked.
// CHECK: error-max-threads.cpp:[[@LINE+1]]:13: error: TILE_MIN_BLOCKS_PER_SM takes one integer constant from 1 to 32
TILE_KERNEL TILE_MIN_BLOCKS_PER_SM(0) TILE_MAX_THREADS(3) void both(
    tile::Piece<float, 512> out) {
  out.store(tile::full<float, 512>(1.0f));
}
// CHECK: error-max-threads.cpp:[[@LINE-4]]:39: error: TILE_MAX_THREADS takes one integer constant that is a power of two from 32 to 1024
