// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// A counted loop runs on a signed 64-bit index on the GPU: a uint64_t
// counter could pass 2^63, where it would compare otherwise than in host
// mode, so it is refused with what to write instead. A uint32_t counter,
// zero-extended, fits.
TILE_KERNEL void wide(tile::Piece<int64_t, 8> out, uint64_t n) {
  int64_t sum = 0;
  // CHECK: error-unsigned-loop.cpp:[[@LINE+1]]:8: error: a loop counter of type 'uint64_t' (64-bit unsigned) may pass 2^63, past the GPU's signed 64-bit loop index; count with int64_t, or uint32_t, and convert in the body
  for (uint64_t i = 0; i < n; ++i)
    sum += 1;
  out.store(tile::full<int64_t, 8>(sum));
}
