// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// The 8-bit floats are a storage type of tensors, never a scalar
// parameter.
// CHECK: error-float8-scalar.cpp:[[@LINE+3]]:{{[0-9]+}}: error: kernel parameter 'scale' is an 8-bit float scalar; 8-bit floats are a storage type of tensors: pass the value as a float
// CHECK: 1 error generated.
TILE_KERNEL void scalar(tile::Piece<float, 64> out,
                        tile::f8e4m3 scale) {
  out.store(tile::full<float, 64>(1.0f));
}
