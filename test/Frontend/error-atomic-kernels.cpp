// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
#include <tile/kernel.h>

// A kernel's grid has one program per piece of its first piece: a kernel
// whose only output is atomic takes an input piece to give it.
// CHECK: error-atomic-kernels.cpp:[[@LINE+1]]:13: error: kernel 'no_piece' has no tile::Piece parameter; its grid has one program per piece of its first piece, an output tile::Piece<T, S...> or an input tile::Piece<const T, S...>
TILE_KERNEL void no_piece(tile::View<int32_t> x, tile::Atomic<int32_t> out) {
  out.add(tile::full<int32_t, 8>(1), tile::load<8>(x, 0));
}

// The host accessors of an atomic output are not part of kernels.
// CHECK: error-atomic-kernels.cpp:[[@LINE+4]]:16: error: tile::Atomic::shape is not supported in kernels
TILE_KERNEL void host_accessor(tile::Piece<const int32_t, 8> x,
                               tile::Atomic<int32_t> out) {
  out.add(x.load(), x.load());
  auto shape = out.shape();
}
