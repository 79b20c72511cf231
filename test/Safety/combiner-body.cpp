// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// The analysis walks a combiner's body as tile::reduce and tile::scan call
// it, on elements of any value: 32-bit arithmetic on them may overflow
// (undefined in host mode), so it is an error there as anywhere else; a
// by-copy capture has the range it had where the lambda was made.

// SAFE-LABEL: func.func @sums
// SAFE: tile.reduce_with
TILE_KERNEL void sums(tile::Piece<int64_t, 1> out, tile::View<int32_t> x) {
  auto t = tile::load<64>(x, 0);
#ifdef SAFE
  out.store(tile::reduce<0>(tile::cast<int64_t>(t),
                            [](int64_t a, int64_t b) { return a + b; }));
#else
  // CHECK: combiner-body.cpp:[[@LINE+2]]:44: error: 32-bit integer arithmetic can overflow: an operand's range is not known
  out.store(tile::cast<int64_t>(tile::reduce<0>(
      t, [](int32_t a, int32_t b) { return a + b; })));
#endif
}

// SAFE-LABEL: func.func @scaled
// SAFE: tile.scan_with
TILE_KERNEL void scaled(tile::Piece<int32_t, 64> out, tile::View<int32_t> x) {
  int shift = 3;
  auto spread = [shift](int32_t a, int32_t b) {
    return ((a & 255) << shift) | (b & 255);
  };
#ifndef SAFE
  shift = 30;
#endif
  // CHECK-NOT: combiner-body.cpp:[[@LINE-5]]{{.*}}error
  out.store(tile::scan<0>(tile::load<64>(x, 0), spread));
}
