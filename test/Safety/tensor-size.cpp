// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
// RUN: not tilecc %s --emit=tile -DNARROW 2>&1 | FileCheck %s --check-prefix=NARROW
// RUN: not tilecc %s --emit=tile -DSTORE_INT 2>&1 | FileCheck %s --check-prefix=STORE-INT
// RUN: not tilecc %s --emit=tile -DSTORE_INT64 2>&1 | FileCheck %s --check-prefix=STORE-INT64
#include <tile/kernel.h>

// A tensor's size is an int64_t of range [0, 2^63 - 1]: it bounds loops,
// converts to int only explicitly, like an int64_t parameter, and bounds no
// index: a store indexed by a loop up to a size is not provably inside the
// piece. Its remainder by a constant is bounded, since a size is never
// negative.
// SAFE-LABEL: func.func @rows_4
// SAFE: tile.size %{{.*}}, 0 : !tile.view<?x?xf32> -> i64
// SAFE: scf.for
// SAFE: tile.size %{{.*}}, 1 : !tile.view<?x?xf32> -> i64
// SAFE: arith.remsi
// SAFE: tile.store_at
template <int R>
TILE_KERNEL void rows(tile::Piece<float, R, 32> out, tile::View<float, 2> x) {
  auto acc = tile::full<float, 1, 32>(0.0f);
#if defined(SAFE)
  int count = int(x.size(0));
  for (int r = 0; r < count; ++r)
    acc = acc + tile::load<1, 32>(x, r, 0);
  int32_t slot = static_cast<int32_t>(x.size(1) % R);
  out.store_at(acc, slot, 0);
#elif defined(NARROW)
  // NARROW: tensor-size.cpp:[[@LINE+3]]:15: error: implicit conversion from 'int64_t' to 'int' can change the value; mixed types need an explicit conversion, static_cast<int>(...) for scalars or tile::cast for tiles
  // NARROW-NEXT: int count = x.size(0);
  // NARROW-NEXT: ^~~~~~~~~
  int count = x.size(0);
  out.store_at(acc, count % R, 0);
#elif defined(STORE_INT)
  int count = int(x.size(0));
  for (int r = 0; r < count; ++r)
    // STORE-INT: tensor-size.cpp:[[@LINE+1]]:23: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 2147483646], but the piece holds 4 sub-tiles of shape 1x32 along dimension 0 (valid indices [0, 3])
    out.store_at(acc, r, 0);
#elif defined(STORE_INT64)
  for (int64_t r = 0; r < x.size(0); ++r)
    // STORE-INT64: tensor-size.cpp:[[@LINE+1]]:23: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [0, 9223372036854775806], but the piece holds 4 sub-tiles of shape 1x32 along dimension 0 (valid indices [0, 3])
    out.store_at(acc, r, 0);
#endif
}
template void rows<4>(tile::Piece<float, 4, 32>, tile::View<float, 2>);
