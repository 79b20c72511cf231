// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --check --safety-only -DSAFE
#include <tile/kernel.h>

// Inline assembly runs on every thread of a program and escapes the
// single-threaded semantics: only an unsafe scope admits it.
TILE_KERNEL void fence(tile::Piece<float, 64> out) {
#ifdef SAFE
  TILE_UNSAFE("a fence has no effect on the program's values") {
    asm volatile("" ::: "memory");
  }
#else
  // CHECK: inline-asm.cpp:[[@LINE+3]]:3: error: inline assembly is allowed only in an unsafe scope: TILE_UNSAFE("why it is safe") { ... }
  // CHECK-NEXT: asm volatile("" ::: "memory");
  // CHECK-NEXT: ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~
  asm volatile("" ::: "memory");
#endif
  out.store(tile::full<float, 64>(0.0f));
}
