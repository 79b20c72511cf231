// A tile dimension that is not a power of two is a kernel-language error in
// tilecc's check and in host mode alike, not first in GPU code generation.
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
// RUN: not %host_cxx -std=c++20 -fsyntax-only -I %kernel_include %s 2>&1 | FileCheck %s
// RUN: tilecc %s --check -DPOWER_OF_TWO
// RUN: %host_cxx -std=c++20 -fsyntax-only -I %kernel_include %s -DPOWER_OF_TWO
#include <tile/kernel.h>

#ifdef POWER_OF_TWO
#define ROWS 4
#else
#define ROWS 3
#endif

// CHECK-DAG: error: static assertion failed{{.*}}: tile dimensions must be powers of two (1, 2, 4, ...), as on the GPU: take the next power of two and mask what lies past the tensor's edge
// CHECK-DAG: error-tile-shape.cpp:[[@LINE+3]]
// A piece may have any extent: its sub-tiles are what must be powers of two.
TILE_KERNEL void rows(tile::Piece<float, 12, 8> out) {
  out.store_at(tile::full<float, ROWS, 8>(1.0f), 0, 0);
}
