// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A grid has up to 2^31 - 1 programs along axis 0, so an element offset
// computed from the program id in 32 bits wraps on large tensors.
// SAFE-LABEL: func.func @offsets
// SAFE: arith.extsi
// SAFE: arith.muli %{{.*}}, %{{.*}} : i64
TILE_KERNEL void offsets(tile::Piece<int64_t, 1024> out) {
#ifdef SAFE
  int64_t first = static_cast<int64_t>(tile::program_id(0)) * 1024;
#else
  // CHECK: index-overflow.cpp:[[@LINE+3]]:19: error: 32-bit integer arithmetic can overflow: the result ranges over [0, 2199023253504] for the largest grids, tensors and parameters; compute it in int64_t
  // CHECK-NEXT: int64_t first = tile::program_id(0) * 1024;
  // CHECK-NEXT: ^~~~~~~~~~~~~~~~~~~~~~~~~
  int64_t first = tile::program_id(0) * 1024;
#endif
  out.store(tile::cast<int64_t>(tile::iota<int32_t, 1024>()) + first);
}
