// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// CHECK: error-parameter.cpp:[[@LINE+3]]:49: error: kernel parameter 'raw' has type 'float *'; a kernel takes tile::Piece outputs and inputs, tile::View inputs, tile::Atomic outputs and scalars (float, tile::f16, tile::bf16, int8_t, int16_t, int, int64_t)
// CHECK: 1 error generated.
template <int N>
TILE_KERNEL void raw(tile::Piece<float, N> out, float *raw) {
  (void)raw;
  out.store(tile::full<float, N>(0.0f));
}
template void raw<64>(tile::Piece<float, 64>, float *);
