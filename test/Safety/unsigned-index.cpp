// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// Unsigned arithmetic wraps modulo 2^w, as C++ defines it: it is never an
// overflow error, but a value whose exact range leaves [0, 2^w - 1] may
// have wrapped and takes the whole range of its type, which bounds no
// index. A bounded unsigned value is an index like any other.

// 0 - 1 in uint32_t is 4294967295: the store is rejected.
// SAFE-LABEL: func.func @decremented
// SAFE: tile.store_at
TILE_KERNEL void decremented(tile::Piece<float, 4, 64> out) {
  uint32_t i = 0;
#ifdef SAFE
  i = i + 1;
#else
  i = i - 1;
#endif
  // CHECK: unsigned-index.cpp:[[@LINE+1]]:48: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 4294967295]
  out.store_at(tile::full<float, 1, 64>(1.0f), i, 0);
}

// A uint8_t promotes to int: 255 + 1 is 256 in int, and the conversion
// back to uint8_t may wrap it to 0, so the index is not bounded.
// SAFE-LABEL: func.func @byte_wrap
// SAFE: arith.andi
// SAFE: tile.store_at
TILE_KERNEL void byte_wrap(tile::Piece<float, 4, 64> out, uint8_t b) {
#ifdef SAFE
  uint8_t i = static_cast<uint8_t>(b & 3);
#else
  uint8_t i = static_cast<uint8_t>(b + 1);
#endif
  // CHECK: unsigned-index.cpp:[[@LINE+1]]:48: error: index 0 of the store into output piece 'out' is not provably inside it: it depends on values of unknown range
  out.store_at(tile::full<float, 1, 64>(1.0f), i, 0);
}

// A remainder and a quotient of unsigned values are bounded as in int.
// SAFE-LABEL: func.func @bounded
// SAFE: arith.remui
// SAFE: arith.divui
// SAFE: tile.store_at
TILE_KERNEL void bounded(tile::Piece<float, 4, 64> out, uint32_t seed) {
  uint32_t h = seed * 2654435761u;
  h ^= h >> 16;
  uint32_t row = h % 4u;
  uint32_t quarter = (h % 16u) / 4u;
  out.store_at(tile::full<float, 1, 64>(1.0f), row, 0);
  out.store_at(tile::full<float, 1, 64>(2.0f), quarter, 0);
}

// A uint64_t to int64_t conversion may make a value negative.
// SAFE-LABEL: func.func @wide
// SAFE: tile.store_at
TILE_KERNEL void wide(tile::Piece<float, 4, 64> out, uint64_t n) {
#ifdef SAFE
  int64_t i = static_cast<int64_t>(n % 4u);
#else
  int64_t i = static_cast<int64_t>(n);
#endif
  // CHECK: unsigned-index.cpp:[[@LINE+1]]:48: error: index 0 of the store into output piece 'out' is not provably inside it: {{.*}}
  out.store_at(tile::full<float, 1, 64>(1.0f), i, 0);
}

// Comparisons of unsigned values narrow them as signed ones do.
// SAFE-LABEL: func.func @guarded
// SAFE: arith.cmpi ult
// SAFE: tile.store_at
TILE_KERNEL void guarded(tile::Piece<float, 4, 64> out, uint32_t n) {
  if (n < 4u)
    out.store_at(tile::full<float, 1, 64>(1.0f), n, 0);
#ifndef SAFE
  // CHECK: unsigned-index.cpp:[[@LINE+2]]:50: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [4, 4294967295]
  else
    out.store_at(tile::full<float, 1, 64>(1.0f), n, 0);
#endif
}
