// RUN: not tilecc %s --emit=tile -DRUNTIME_DIM 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUN: not tilecc %s --emit=tile -DVIEW_PAST_RANK 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: not tilecc %s --emit=tile -DPIECE_NEGATIVE 2>&1 | FileCheck %s --check-prefix=PIECE
// RUN: tilecc %s --emit=tile | FileCheck %s --check-prefix=SAFE
// RUN: not tilecc %s --check -DRUNTIME_DIM 2>&1 | FileCheck %s --check-prefix=RUNTIME
// RUN: not tilecc %s --check -DVIEW_PAST_RANK 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: not tilecc %s --check -DPIECE_NEGATIVE 2>&1 | FileCheck %s --check-prefix=PIECE
#include <tile/kernel.h>

// size() takes one dimension, a constant below the tensor's rank; the error
// points at the argument. Without a -D flag, the same kernel with valid
// dimensions compiles.
// SAFE-LABEL: func.func @sizes
// SAFE: tile.size %{{.*}}, 1 : !tile.view<?x?xf32> -> i64
// SAFE: tile.size %{{.*}}, 0 : !tile.piece<64xi64> -> i64
TILE_KERNEL void sizes(tile::Piece<int64_t, 64> out, tile::View<float, 2> x) {
#if defined(RUNTIME_DIM)
  // RUNTIME: error-tensor-size.cpp:[[@LINE+3]]:25: error: the dimension of size() must be an integer constant expression
  // RUNTIME-NEXT: int64_t cols = x.size(tile::program_id(0));
  // RUNTIME-NEXT: ^~~~~~~~~~~~~~~~~~
  int64_t cols = x.size(tile::program_id(0));
#elif defined(VIEW_PAST_RANK)
  // VIEW: error-tensor-size.cpp:[[@LINE+3]]:25: error: the dimension of size() must be 0 to 1 for a tensor of rank 2, found 2
  // VIEW-NEXT: int64_t cols = x.size(2);
  // VIEW-NEXT: ^
  int64_t cols = x.size(2);
#else
  int64_t cols = x.size(1);
#endif
#if defined(PIECE_NEGATIVE)
  // PIECE: error-tensor-size.cpp:[[@LINE+3]]:24: error: the dimension of size() must be 0 for a tensor of rank 1, found -1
  // PIECE-NEXT: int64_t n = out.size(-1);
  // PIECE-NEXT: ^~
  int64_t n = out.size(-1);
#else
  int64_t n = out.size(0);
#endif
  out.store(tile::full<int64_t, 64>(cols + n));
}
