// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// Kernels compute with the values of 2-byte floats, not their encodings:
// fromBits is host code, a conversion from float is its kernel twin.
// SAFE-LABEL: func.func @one
// SAFE: tile.constant dense<1.000000e+00> : !tile.tile<8xf16>
TILE_KERNEL void one(tile::Piece<tile::f16, 8> out) {
#ifdef SAFE
  tile::f16 value = tile::f16(1.0f);
#else
  // CHECK: half-encoding.cpp:[[@LINE+1]]:21: error: 'tile::f16::fromBits' is host code; kernels convert 2-byte floats with float(h) and tile::f16(x) from a float
  tile::f16 value = tile::f16::fromBits(0x3C00);
#endif
  out.store(tile::full<tile::f16, 8>(value));
}
