// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --emit=tile -DTILES 2>&1 | FileCheck %s --check-prefix=TILES
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// Mixed element types need an explicit conversion: scalars convert with
// static_cast, tiles with tile::cast. Constants that the target type holds
// exactly convert implicitly.
// SAFE-LABEL: func.func @mix
// SAFE: arith.trunci
// SAFE: arith.sitofp
// SAFE: tile.cast
TILE_KERNEL void mix(tile::Piece<float, 64> out, int64_t n, int32_t k) {
  float two = 2;
#if defined(SAFE)
  int rows = static_cast<int>(n);
  float scale = static_cast<float>(k) * two;
  auto half = tile::cast<float>(tile::cast<tile::f16>(tile::full<float, 64>(0.5f)));
  out.store(tile::full<float, 64>(scale) + half + float(rows));
#elif defined(TILES)
  // TILES: narrowing.cpp:[[@LINE+1]]:40: error: invalid operands to binary expression ('Tile<float, 64>' and 'Tile<tile::f16, 64>')
  out.store(tile::full<float, 64>(two) + tile::full<tile::f16, 64>(tile::f16(0.5f)));
#else
  // CHECK: narrowing.cpp:[[@LINE+3]]:14: error: implicit conversion from 'int64_t' to 'int' can change the value; mixed types need an explicit conversion, static_cast<int>(...) for scalars or tile::cast for tiles
  // CHECK-NEXT: int rows = n;
  // CHECK-NEXT: ^
  int rows = n;
  // CHECK: narrowing.cpp:[[@LINE+1]]:35: error: implicit conversion from 'int' to 'float' can change the value
  out.store(tile::full<float, 64>(k * rows));
#endif
}
