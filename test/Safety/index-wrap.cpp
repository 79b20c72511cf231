// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// Index ranges follow the values the kernel computes: an operand whose exact
// range leaves its type may have wrapped, so it bounds nothing. Ranges that
// stay inside their types, however large, are kept.

// A product that may wrap in 64 bits bounds no remainder of it: the index
// can be negative.
// SAFE-LABEL: func.func @wrapped_remainder
// SAFE: arith.remsi
// SAFE: tile.store_at
TILE_KERNEL void wrapped_remainder(tile::Piece<float, 4, 64> out) {
  int64_t p = tile::program_id(0);
#ifdef SAFE
  out.store_at(tile::full<float, 1, 64>(1.0f), (p * 4294967297LL) % 4, 0);
#else
  // CHECK: index-wrap.cpp:[[@LINE+2]]:{{[0-9]+}}: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [-3, 3]
  out.store_at(tile::full<float, 1, 64>(1.0f),
               (p * 4611686018427387905LL) % 4, 0);
#endif
}

// Ranges of products past 128 bits are not computed (no overflow in the
// analysis, a sanitizer report of the fuzzer): the wrapped int64_t may be
// any value of its type.
// SAFE-LABEL: func.func @huge_product
// SAFE: arith.muli
// SAFE: tile.store_at
TILE_KERNEL void huge_product(tile::Piece<float, 4, 64> out) {
  int64_t p = tile::program_id(0);
#ifdef SAFE
  out.store_at(tile::full<float, 1, 64>(1.0f), (p * p) % 4, 0);
#else
  // CHECK: index-wrap.cpp:[[@LINE+2]]:{{[0-9]+}}: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [-9223372036854775808, 9223372036854775807]
  out.store_at(tile::full<float, 1, 64>(1.0f),
               p * p * p * p * p * p - p * p * p * p * p * p, 0);
#endif
}

// A 32-bit negation of -2^31 wraps back to -2^31 before it widens: the
// index is not 3.
// SAFE-LABEL: func.func @wrapped_negation
// SAFE: tile.store_at %{{.*}}, %{{.*}}[%c3_i32, %c0_i32]
TILE_KERNEL void wrapped_negation(tile::Piece<float, 4, 64> out) {
#ifdef SAFE
  int low = -2147483647;
  out.store_at(tile::full<float, 1, 64>(1.0f),
               static_cast<int64_t>(-low) - 2147483644, 0);
#else
  int low = -2147483647 - 1;
  // CHECK: index-wrap.cpp:[[@LINE+2]]:{{[0-9]+}}: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [-4294967293, 2]
  out.store_at(tile::full<float, 1, 64>(1.0f),
               static_cast<int64_t>(-low) - 2147483645, 0);
#endif
}
