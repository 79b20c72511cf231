// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

template <int N>
TILE_KERNEL void loop(tile::Piece<float, N> out, float a) {
  // CHECK: error-statement.cpp:[[@LINE+1]]:3: error: 'SwitchStmt' statements are not supported in tile kernels
  switch (int(a)) {
  case 0:
    a = 1.0f;
  }
  out.store(tile::full<float, N>(a));
}
template void loop<64>(tile::Piece<float, 64>, float);
