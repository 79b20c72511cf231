// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

#include <cmath>

// CHECK: error-not-kernel-language.cpp:[[@LINE+5]]:13: error: call to 'std::sqrt', which is not part of the kernel language
// CHECK-NEXT: float s = std::sqrt(a);
// CHECK-NEXT: ^~~~~~~~~~~~
template <int N>
TILE_KERNEL void scale(tile::Piece<float, N> out, float a) {
  float s = std::sqrt(a);
  out.store(tile::full<float, N>(s));
}
template void scale<64>(tile::Piece<float, 64>, float);
