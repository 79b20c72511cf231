// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// A histogram counts integers, into at most 16384 bins.
// CHECK-DAG: error: static assertion failed{{.*}}tile::histogram counts into at most 16384 bins (tile::max_histogram_bins)
// CHECK-DAG: error: no matching function for call to 'histogram'
TILE_KERNEL void many(tile::Piece<int32_t, 32768> out, tile::View<int32_t> x) {
  out.store(tile::histogram<32768>(tile::load<64>(x, 0)));
}

TILE_KERNEL void floats(tile::Piece<int32_t, 16> out, tile::View<float> x) {
  out.store(tile::histogram<16>(tile::load<64>(x, 0)));
}
