// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --check -DSAFE
#include <tile/kernel.h>

// Thread ids and barriers expose the threads that run one program, which
// the tile semantics hides: only an unsafe scope admits them.
TILE_KERNEL void lanes(tile::Piece<int32_t, 64> out) {
  int lane = 0;
#ifdef SAFE
  TILE_UNSAFE("only thread 0's value is used, after the barrier") {
    lane = tile::unsafe::thread_id();
    tile::unsafe::sync_threads();
  }
#else
  // CHECK: thread-level.cpp:[[@LINE+3]]:10: error: 'tile::unsafe::thread_id' is a thread-level primitive: it breaks the single-threaded semantics of a program and is allowed only in an unsafe scope
  // CHECK-NEXT: lane = tile::unsafe::thread_id();
  // CHECK: note: 'tile::unsafe::thread_id' declared here
  lane = tile::unsafe::thread_id();
  // CHECK: thread-level.cpp:[[@LINE+1]]:3: error: 'tile::unsafe::sync_threads' is a thread-level primitive
  tile::unsafe::sync_threads();
#endif
  out.store(tile::full<int32_t, 64>(lane));
}
