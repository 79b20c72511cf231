// RUN: not tilecc %s --emit=tile -DDOT 2>&1 | FileCheck %s --check-prefix=DOT
// RUN: not tilecc %s --emit=tile -DBROADCAST 2>&1 | FileCheck %s --check-prefix=BROADCAST
// RUN: not tilecc %s --emit=tile -DRESHAPE 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RUN: not tilecc %s --emit=tile -DELEMENTWISE 2>&1 | FileCheck %s --check-prefix=ELEMENTWISE
// RUN: tilecc %s --emit=tile | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// Shapes are part of tile types, so shape mismatches in dot, broadcast,
// reshape and element-wise operations are compile-time errors of the
// header's signatures and static assertions.
// SAFE-LABEL: func.func @shapes
// SAFE: tile.dot
// SAFE: tile.store
TILE_KERNEL void shapes(tile::Piece<float, 16, 16> out) {
  auto a = tile::full<float, 16, 32>(1.0f);
  auto acc = tile::full<float, 16, 16>(0.0f);
#if defined(DOT)
  // DOT: shape-mismatch.cpp:[[@LINE+2]]:12: error: no matching function for call to 'dot'
  // DOT: note: candidate template ignored: deduced conflicting values for parameter 'K' (32 vs. 16)
  auto c = tile::dot(a, tile::full<float, 16, 16>(1.0f), acc);
#else
  auto c = tile::dot(a, tile::full<float, 32, 16>(1.0f), acc);
#endif
#if defined(BROADCAST)
  // BROADCAST: error: static assertion failed due to requirement {{.*}}tile::broadcast repeats only dimensions of size 1
  // BROADCAST: shape-mismatch.cpp:[[@LINE+1]]:20: note: in instantiation of function template specialization 'tile::broadcast<16, 16, float, 16, 2>'
  auto row = tile::broadcast<16, 16>(tile::full<float, 16, 2>(1.0f));
#else
  auto row = tile::broadcast<16, 16>(tile::full<float, 16, 1>(1.0f));
#endif
#if defined(RESHAPE)
  // RESHAPE: error: static assertion failed due to requirement {{.*}}tile::reshape keeps the number of elements
  // RESHAPE: shape-mismatch.cpp:[[@LINE+1]]:21: note: in instantiation of function template specialization 'tile::reshape<16, 15, float, 256>'
  auto flat = tile::reshape<16, 15>(tile::full<float, 256>(1.0f));
#else
  auto flat = tile::reshape<16, 16>(tile::full<float, 256>(1.0f));
#endif
#if defined(ELEMENTWISE)
  // ELEMENTWISE: shape-mismatch.cpp:[[@LINE+1]]:15: error: invalid operands to binary expression ('Tile<float, 16, 16>' and 'Tile<float, 16, 32>')
  out.store(c + a);
#else
  out.store(c + row + flat);
#endif
}
