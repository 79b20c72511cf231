// RUN: not tilecc %s --emit=tile 2>&1 | FileCheck %s
// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
#include <tile/kernel.h>

// A write through a reference is a write of the variable it names, whatever
// path the write took: the store's index takes the value written (one past
// the piece here). With the write in range (SAFE) the store compiles, at
// the variable's new value, as in host mode.

#ifdef SAFE
#define FAR 3
#else
#define FAR 4
#endif

// SAFE-LABEL: func.func @local_reference
// SAFE: tile.store_at %{{.*}}, %{{.*}}[%c3_i32] : <2xf32>, <8xf32>
TILE_KERNEL void local_reference(tile::Piece<float, 8> out) {
  int i = 1;
  int &j = i;
  j = FAR;
#ifndef SAFE
  // CHECK: reference-writes.cpp:[[@LINE+2]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [4, 4]
#endif
  out.store_at(tile::full<float, 2>(1.0f), i);
}

// A reference to a reference, and a compound assignment through it.
// SAFE-LABEL: func.func @reference_chain
// SAFE: tile.store_at %{{.*}}, %{{.*}}[%c3_i32]
TILE_KERNEL void reference_chain(tile::Piece<float, 8> out) {
  int i = 0;
  int &j = i;
  int &k = j;
  k += FAR;
#ifndef SAFE
  // CHECK: reference-writes.cpp:[[@LINE+2]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [4, 4]
#endif
  out.store_at(tile::full<float, 2>(1.0f), i);
}

// Through a helper's reference parameter, from a helper template.
template <typename T> void setTo(T &target, T value) { target = value; }

// SAFE-LABEL: func.func @helper_reference
// SAFE: tile.store_at %{{.*}}, %{{.*}}[%c3_i32]
TILE_KERNEL void helper_reference(tile::Piece<float, 8> out) {
  int i = 0;
  int &j = i;
  setTo(j, FAR);
#ifndef SAFE
  // CHECK: reference-writes.cpp:[[@LINE+2]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [4, 4]
#endif
  out.store_at(tile::full<float, 2>(1.0f), i);
}

// Through a lambda that captures the reference by reference.
// SAFE-LABEL: func.func @lambda_reference
// SAFE: tile.store_at %{{.*}}, %{{.*}}[%c3_i32]
TILE_KERNEL void lambda_reference(tile::Piece<float, 8> out) {
  int i = 0;
  int &j = i;
  auto bump = [&j] { j = FAR; };
  bump();
#ifndef SAFE
  // CHECK: reference-writes.cpp:[[@LINE+2]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [4, 4]
#endif
  out.store_at(tile::full<float, 2>(1.0f), i);
}

// Through a lambda's reference parameter, written by a macro.
#define ASSIGN(target, value) [](int &t, int v) { t = v; }(target, value)

// SAFE-LABEL: func.func @macro_lambda_parameter
// SAFE: tile.store_at %{{.*}}, %{{.*}}[%c3_i32]
TILE_KERNEL void macro_lambda_parameter(tile::Piece<float, 8> out) {
  int i = 0;
  ASSIGN(i, FAR);
#ifndef SAFE
  // CHECK: reference-writes.cpp:[[@LINE+2]]:44: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [4, 4]
#endif
  out.store_at(tile::full<float, 2>(1.0f), i);
}

// Through a reference declared in a loop: the loop's bound holds no more.
// SAFE-LABEL: func.func @loop_reference
TILE_KERNEL void loop_reference(tile::Piece<float, 8> out) {
  for (int r = 0; r < 4; ++r) {
    int row = r;
    int &alias = row;
    alias = alias + FAR - 3;
#ifndef SAFE
    // CHECK: reference-writes.cpp:[[@LINE+2]]:46: error: index 0 of the store into output piece 'out' is not provably inside it: it ranges over [1, 4]
#endif
    out.store_at(tile::full<float, 2>(1.0f), row);
  }
}


#ifndef SAFE
// A structured binding names parts of an object: not part of the language.
struct Pair {
  int first, second;
};

TILE_KERNEL void structured_binding(tile::Piece<float, 8> out) {
  Pair pair{0, 0};
  // CHECK: reference-writes.cpp:[[@LINE+1]]:3: error: structured bindings are not part of the kernel language; declare a variable for each value
  auto &[i, j] = pair;
  i = FAR;
  out.store_at(tile::full<float, 2>(1.0f), pair.first);
}
#endif
