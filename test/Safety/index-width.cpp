// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
// RUN: not tilecc %s --emit=tile -DSIZE 2>&1 | FileCheck %s --check-prefix=SIZE
// RUN: not tilecc %s --emit=tile -DHELPER 2>&1 | FileCheck %s --check-prefix=HELPER
// RUN: not tilecc %s --emit=tile -DPREFETCH 2>&1 | FileCheck %s --check-prefix=PREFETCH
// RUN: not tilecc %s --check -DSCALAR 2>&1 | FileCheck %s --check-prefix=SCALAR
#include <tile/kernel.h>

// Tile and element indices are 32 bits on the GPU. A 64-bit index is
// accepted where its range is proven to fit 32 bits; otherwise it needs an
// explicit conversion, which wraps in host mode as on the GPU, so that the
// two compute the same thing.

template <int B> float firstOf(tile::View<float, 1> x, int64_t chunk) {
  return tile::load_scalar(x, chunk * B);
}

// SAFE-LABEL: func.func @sums
// SAFE: scf.for
// SAFE: arith.trunci %{{.*}} : i64 to i32
// SAFE: tile.load
TILE_KERNEL void sums(tile::Piece<float, 1, 64> out, tile::View<float, 2> x,
                      tile::View<float, 1> y, int32_t n) {
  auto acc = tile::full<float, 1, 64>(0.0f);
#if defined(SAFE)
  // chunks fits 32 bits: n does, and so does its quotient by 64.
  int64_t chunks = (int64_t(n) + 63) / 64;
  for (int64_t chunk = 0; chunk < chunks; ++chunk)
    acc = acc + tile::load<1, 64>(x, 0, chunk);
  acc = acc + tile::load<1, 64>(x, int32_t(x.size(0) - 1), 0);
#elif defined(SIZE)
  // SIZE: index-width.cpp:[[@LINE+1]]:36: error: this 'int64_t' index of tile::load may not fit 32 bits (it ranges over [-1, 9223372036854775806]), and indices are 32 bits on the GPU; bound it, or convert it explicitly (int32_t(...)) so that host mode wraps it as the GPU does
  acc = acc + tile::load<1, 64>(x, x.size(0) - 1, 0);
#elif defined(HELPER)
  // HELPER: index-width.cpp:[[@LINE-20]]:31: error: this 'int64_t' index of tile::load_scalar may not fit 32 bits
  acc = acc + tile::full<float, 1, 64>(firstOf<64>(y, x.size(0)));
#elif defined(PREFETCH)
  for (int64_t r = 0; r < x.size(0); ++r)
    // PREFETCH: index-width.cpp:[[@LINE+1]]:30: error: this 'int64_t' index of tile::prefetch may not fit 32 bits
    tile::prefetch<1, 64>(x, r + 8, 0);
#elif defined(SCALAR)
  int64_t last = x.size(1) - 1;
  // SCALAR: index-width.cpp:[[@LINE+1]]:64: error: this 'int64_t' index of tile::load_scalar may not fit 32 bits
  acc = acc + tile::full<float, 1, 64>(tile::load_scalar(x, 0, last));
#endif
  out.store(acc);
}
