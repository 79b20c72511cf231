// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A closure keeps no state between calls: a lambda that counts its calls
// updates a variable it captures by reference instead of its own copy.
// SAFE-LABEL: func.func @counted
// SAFE: %[[TWO:.*]] = arith.addi
// SAFE: tile.splat %[[TWO]]
TILE_KERNEL void counted(tile::Piece<int, 64> out, int start) {
  int calls = start < 0 ? 0 : (start > 64 ? 64 : start);
#ifdef SAFE
  auto count = [&calls] { calls = calls + 1; };
#else
  // CHECK: lambda-mutable.cpp:[[@LINE+4]]:16: error: a mutable lambda keeps changes to its copies between calls, which kernel lambdas cannot; capture the variable by reference ([&v]) to update it, or copy it into a local variable inside the body
  // CHECK-NEXT: auto count = [calls]() mutable { calls = calls + 1; };
  // CHECK-NEXT: ^~~~~~~
  // CHECK: lambda-mutable.cpp:[[@LINE-7]]:7: note: 'calls' declared here, captured by copy
  auto count = [calls]() mutable { calls = calls + 1; };
#endif
  count();
  count();
  out.store(tile::full<int, 64>(calls));
}
