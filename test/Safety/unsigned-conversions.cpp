// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: not tilecc %s --check 2>&1 | FileCheck %s
// A conversion between signed and unsigned integers that can change a
// value needs to be explicit, as a narrowing one does; one that the ranges
// prove exact, or that widens into a type holding every value, does not.
#include <tile/kernel.h>

TILE_KERNEL void signs(tile::Piece<uint32_t, 8> out, int i, uint32_t u,
                       uint64_t w) {
  // CHECK: unsigned-conversions.cpp:[[@LINE+1]]:16: error: implicit conversion from 'int' to 'uint32_t' can change the value
  uint32_t a = i;
  // CHECK: unsigned-conversions.cpp:[[@LINE+1]]:11: error: implicit conversion from 'uint32_t' to 'int' can change the value
  int b = u;
  // CHECK: unsigned-conversions.cpp:[[@LINE+1]]:15: error: implicit conversion from 'uint64_t' to 'int64_t' can change the value
  int64_t c = w;
  // The usual arithmetic conversions turn i into uint32_t.
  // CHECK: unsigned-conversions.cpp:[[@LINE+1]]:20: error: implicit conversion from 'int' to 'uint32_t' can change the value
  uint32_t d = u + i;
  // Exact: widening, constants, and a program id, which is never negative.
  int64_t e = u;
  uint32_t f = 7;
  uint32_t g = tile::program_id(0);
  uint64_t h = u;
  out.store(tile::full<uint32_t, 8>(a + static_cast<uint32_t>(b) +
                                    static_cast<uint32_t>(c) + d +
                                    static_cast<uint32_t>(e) + f + g +
                                    static_cast<uint32_t>(h)));
}
