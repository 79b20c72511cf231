// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A compound assignment computes in the wider type and converts the result
// back, as `i = i + n` would: the conversion can change the value, the same
// as in a declaration, through a helper or a macro alike.
#define ACCUMULATE(into, what) into += what

void shrink(int &into, int64_t by);

// SAFE-LABEL: func.func @accumulate
// SAFE: %[[COUNT:.*]] = arith.trunci
// SAFE: arith.subi %[[COUNT]], %[[COUNT]] : i32
TILE_KERNEL void accumulate(tile::Piece<float, 64> out, int64_t n) {
  int count = 0;
  float scale = 1.0f;
#ifndef SAFE
  // CHECK: compound-narrowing.cpp:[[@LINE+3]]:3: error: compound assignment '+=' computes in 'int64_t' and converts the result back to 'int', which can change the value; convert the right side explicitly (static_cast<int>(...)) or keep the variable in 'int64_t'
  // CHECK-NEXT: count += n;
  // CHECK-NEXT: ^~~~~~~~~~
  count += n;
  // CHECK: compound-narrowing.cpp:[[@LINE+1]]:3: error: compound assignment '-=' computes in 'float' and converts the result back to 'int'
  count -= scale;
  // CHECK: compound-narrowing.cpp:[[@LINE+1]]:14: error: compound assignment '+=' computes in 'int64_t'
  ACCUMULATE(count, n);
#else
  count += static_cast<int>(n > 4 ? 4 : (n < 0 ? 0 : n));
#endif
  shrink(count, n);
  out.store(tile::full<float, 64>(scale * static_cast<float>(count)));
}

// Defined after the kernel, so that its error follows the kernel's.
void shrink(int &into, int64_t by) {
#ifndef SAFE
  // CHECK: compound-narrowing.cpp:[[@LINE+1]]:3: error: compound assignment '-=' computes in 'int64_t' and converts the result back to 'int', which can change the value
  into -= by;
#else
  into -= static_cast<int>(by > 4 ? 4 : (by < 0 ? 0 : by));
#endif
}
