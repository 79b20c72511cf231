// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// An init-capture copies a value; a by-reference one, which would give a
// variable a second name, is written as a plain by-reference capture.
// SAFE-LABEL: func.func @renamed
// SAFE: %[[SUM:.*]] = arith.addf
// SAFE: tile.splat %[[SUM]]
TILE_KERNEL void renamed(tile::Piece<float, 64> out, float a) {
  float total = a;
#ifdef SAFE
  auto add = [&total, b = a] { total = total + b; };
#else
  // CHECK: lambda-init-capture.cpp:[[@LINE+3]]:16: error: by-reference init-capture 'sum'; capture the variable itself by reference ([&v]) or copy a value ([sum = ...])
  // CHECK-NEXT: auto add = [&sum = total, b = a] { sum = sum + b; };
  // CHECK: lambda-init-capture.cpp:[[@LINE-6]]:9: note: 'total' declared here
  auto add = [&sum = total, b = a] { sum = sum + b; };
#endif
  add();
  out.store(tile::full<float, 64>(total));
}
