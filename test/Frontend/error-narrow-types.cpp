// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// The 8-bit floats are a storage type: arithmetic, comparisons, math
// functions and reductions on them stop at one assertion that says to
// cast, and so does a scalar load of one; atomics take 32- and 64-bit
// elements only. (error-float8-scalar.cpp: a scalar parameter.)
// CHECK-DAG: error: static assertion failed{{.*}}8-bit floats (tile::f8e4m3, tile::f8e5m2) are a storage type: cast them to compute (tile::cast<float>(t))
// CHECK-DAG: error: static assertion failed{{.*}}atomic output element types are float, double, tile::f16, tile::bf16, int32_t, int64_t, uint32_t and uint64_t
// CHECK-DAG: error: static assertion failed{{.*}}tile::load_scalar: 8-bit floats are a storage type; load a tile and cast it to float
TILE_KERNEL void add(tile::Piece<tile::f8e4m3, 64> out) {
  out.store(out.load() + out.load());
}

TILE_KERNEL void compare(tile::Piece<bool, 64> out,
                         tile::View<tile::f8e5m2> w) {
  out.store(tile::load_like(w, out) > tile::load_like(w, out));
}

TILE_KERNEL void narrow_atomic(tile::Piece<const int8_t, 64> x,
                               tile::Atomic<int8_t> out) {
  out.add(x.load(), tile::iota<int32_t, 64>());
}

TILE_KERNEL void scalar_load(tile::Piece<float, 64> out,
                             tile::View<tile::f8e4m3> w) {
  float v = float(tile::load_scalar(w, 0));
  out.store(tile::full<float, 64>(v));
}
