// RUN: not tilecc %s --check --safety-only 2>&1 | FileCheck %s
// RUN: tilecc %s --check --safety-only -DSAFE
#include <tile/kernel.h>

// A pointer or reference into an input view is never written through, even
// in an unsafe scope, however it travelled: a local variable, a cast, a
// helper's parameter or return value, a lambda, a reference (which must be
// bound to a variable anyway). Writes through
// pointers into the kernel's own variables are allowed there (SAFE).

float *writable(const float *p) { return const_cast<float *>(p); }
void zeroAt(float *p, int i) {
  TILE_UNSAFE("i is inside the memory p points to") { p[i] = 0.0f; }
}
void zeroRef(float &f) { f = 0.0f; }
template <typename T> void fill(T *p, T value) {
  TILE_UNSAFE("p points to two elements") { p[1] = value; }
}
#define FIRST(view) (*const_cast<float *>((view).data()))

TILE_KERNEL void scribble(tile::Piece<float, 64> out, tile::View<float> x) {
  float sum = 0.0f;
  TILE_UNSAFE("writes only what the program owns") {
    float local[2] = {0.0f, 0.0f};
#ifdef SAFE
    float *mine = local;
    mine[1] = 1.0f;
    zeroAt(mine, 0);
    float cell = 1.0f;
    zeroRef(cell);
    local[1] = cell;
    fill(local, 2.0f);
    const float *readOnly = x.data();
    local[0] = readOnly[0];
#else
    const float *p = x.data();
    float *q = (float *)p;
    // CHECK: pointer-origins.cpp:[[@LINE+1]]:5: error: write through input view 'x'; a kernel writes only into its output pieces, even in an unsafe scope
    q[1] = 1.0f;
    float *r = writable(x.data() + 2);
    // CHECK: pointer-origins.cpp:[[@LINE+1]]:5: error: write through input view 'x'
    *r = 2.0f;
    // CHECK: pointer-origins.cpp:[[@LINE-30]]:55: error: write through input view 'x'
    zeroAt(const_cast<float *>(x.data()), 3);
    // CHECK: pointer-origins.cpp:[[@LINE+1]]:13: error: the argument of non-const reference parameter 'f' must be a variable of the kernel
    zeroRef(const_cast<float &>(x.data()[4]));
    auto poke = [q] { q[5] = 5.0f; };
    // CHECK: pointer-origins.cpp:[[@LINE-1]]:23: error: write through input view 'x'
    poke();
    // CHECK: pointer-origins.cpp:[[@LINE+1]]:5: error: write through input view 'x'
    FIRST(x) = 6.0f;
    // CHECK: pointer-origins.cpp:[[@LINE+1]]:20: error: reference 'alias' must be bound to a variable of the kernel
    float &alias = const_cast<float &>(x.data()[7]);
    // CHECK: pointer-origins.cpp:[[@LINE+1]]:5: error: write through input view 'x'
    alias += 7.0f;
    float *either = local[0] > 0.0f ? local : q;
    // CHECK: pointer-origins.cpp:[[@LINE+1]]:5: error: write through input view 'x'
    either[0] = 8.0f;
    // CHECK: pointer-origins.cpp:[[@LINE-42]]:45: error: write through input view 'x'
    fill(q, 9.0f);
#endif
    sum = local[0] + local[1];
  }
  out.store(tile::full<float, 64>(sum));
}
