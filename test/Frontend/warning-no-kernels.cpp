// A file without kernels compiles to an empty module, with a warning.
// RUN: tilecc %s --emit=tile 2>&1 | FileCheck %s
// CHECK: warning: no kernels found: mark one with TILE_KERNEL and instantiate kernel templates explicitly
// CHECK: module {
// CHECK-NEXT: }
#include <tile/kernel.h>

template <int N> TILE_KERNEL void never(tile::Piece<float, N> out) {
  out.store(tile::full<float, N>(0.0f));
}
