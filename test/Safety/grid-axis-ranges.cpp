// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// Axes 1 and 2 of a grid have up to 65535 programs, far fewer than axis 0:
// 65534 * 32768 fits in 32 bits, 65534 * 65536 does not.
// SAFE-LABEL: func.func @rows
TILE_KERNEL void rows(tile::Piece<int, 8> out) {
#ifdef SAFE
  int row = tile::program_id(1) * 32768;
  int layer = tile::program_id(2) * 32768;
  int rows = tile::num_programs(1) * 32768;
#else
  // CHECK: grid-axis-ranges.cpp:[[@LINE+1]]:13: error: 32-bit integer arithmetic can overflow: the result ranges over [0, 4294836224] for the largest grids, tensors and parameters; compute it in int64_t
  int row = tile::program_id(1) * 65536;
  // CHECK: grid-axis-ranges.cpp:[[@LINE+1]]:15: error: 32-bit integer arithmetic can overflow: the result ranges over [0, 4294836224] for the largest grids, tensors and parameters; compute it in int64_t
  int layer = tile::program_id(2) * 65536;
  // CHECK: grid-axis-ranges.cpp:[[@LINE+1]]:14: error: 32-bit integer arithmetic can overflow: the result ranges over [65536, 4294901760] for the largest grids, tensors and parameters; compute it in int64_t
  int rows = tile::num_programs(1) * 65536;
#endif
  out.store(tile::full<int, 8>(
      static_cast<int>((static_cast<int64_t>(row) + layer + rows) % 8)));
}
