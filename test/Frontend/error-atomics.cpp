// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
#include <tile/kernel.h>

// An atomic output is neither stored to nor read; its updates take the
// values, one integer index tile per dimension of the values' shape, then
// at most a bool mask; bitwise updates take integers. An input piece is
// only read.
// CHECK-DAG: error: static assertion failed{{.*}}tile::Atomic is written only through its atomic updates (add, min, max, bit_and, bit_or, bit_xor); a plain store would race with the other programs
// CHECK-DAG: error: static assertion failed{{.*}}tile::Atomic is never read in a kernel: the other programs are still updating it; read it after the launch
// CHECK-DAG: error: static assertion failed{{.*}}tile::Atomic update: give the values, then one integer index tile per dimension of the output, each of the values' shape, then optionally a bool mask tile of that shape
// CHECK-DAG: error: static assertion failed{{.*}}tile::Atomic::bit_xor updates integer outputs only
// CHECK-DAG: error: static assertion failed{{.*}}Piece::store: an input piece (tile::Piece<const T, ...>) is only read
// CHECK-DAG: error: static assertion failed{{.*}}atomic output element types are float, double, tile::f16, tile::bf16, int32_t, int64_t, uint32_t and uint64_t
TILE_KERNEL void store(tile::Piece<const int32_t, 8> x,
                       tile::Atomic<int32_t> out) {
  out.store(x.load());
}

TILE_KERNEL void load(tile::Piece<int32_t, 8> out, tile::Atomic<int32_t> acc) {
  out.store(acc.load());
}

TILE_KERNEL void one_index(tile::Piece<const int32_t, 8> x,
                           tile::Atomic<int32_t, 2> acc) {
  acc.add(x.load(), x.load());
}

TILE_KERNEL void float_xor(tile::Piece<const int32_t, 8> x,
                           tile::Atomic<float> acc) {
  acc.bit_xor(tile::full<float, 8>(1.0f), x.load());
}

TILE_KERNEL void store_input(tile::Piece<const float, 8> x) {
  x.store(x.load());
}

TILE_KERNEL void bool_atomic(tile::Piece<const int32_t, 8> x,
                             tile::Atomic<bool> flags) {}
