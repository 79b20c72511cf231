// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --check --safety-only -DSAFE
// RUN: not tilecc %s --check -DSAFE 2>&1 | FileCheck %s --check-prefix=CODEGEN
// RUN: tilecc %s --list-unsafe --safety-only -DSAFE | FileCheck %s --check-prefix=LIST
#include <tile/kernel.h>

// Raw pointers, pointer arithmetic and reinterpreting casts are outside the
// piece/view discipline: only an unsafe scope admits them.
// LIST: raw-pointer.cpp:[[@LINE+17]]:3: unsafe scope in 'peek': reads the first element as bits
// LIST: 1 unsafe scope
TILE_KERNEL void peek(tile::Piece<int32_t, 64> out, tile::View<float> x) {
#ifndef SAFE
  // CHECK: raw-pointer.cpp:[[@LINE+3]]:3: error: raw pointer variable 'p' is allowed only in an unsafe scope: TILE_UNSAFE("why it is safe") { ... }
  // CHECK-NEXT: const float *p = x.data();
  // CHECK-NEXT: ^~~~~~~~~~~~~~~~~~~~~~~~
  const float *p = x.data();
  // CHECK: raw-pointer.cpp:[[@LINE+1]]:17: error: dereferencing a raw pointer is allowed only in an unsafe scope
  float first = *x.data();
  // CHECK: raw-pointer.cpp:[[@LINE+1]]:19: error: pointer arithmetic is allowed only in an unsafe scope
  int64_t delta = (x.data() + 1) - x.data();
  float one = 1.0f;
  // CHECK: raw-pointer.cpp:[[@LINE+1]]:17: error: reinterpret_cast is allowed only in an unsafe scope
  int32_t raw = reinterpret_cast<const int32_t &>(one);
  out.store(tile::full<int32_t, 64>(static_cast<int32_t>(first) + raw));
#else
  TILE_UNSAFE("reads the first element as bits") {
    // CODEGEN: raw-pointer.cpp:[[@LINE+1]]:22: error: tilecc generates no code for raw pointers; a kernel that uses them in an unsafe scope runs in host mode only (tilecc --check --safety-only checks it)
    const float *p = x.data();
    int32_t bits = *reinterpret_cast<const int32_t *>(p + 1);
    (void)bits;
  }
  out.store(tile::full<int32_t, 64>(0));
#endif
}
