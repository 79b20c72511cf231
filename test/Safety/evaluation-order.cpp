// RUN: tilecc %s --emit=tile -DSAFE | FileCheck %s --check-prefix=SAFE
// RUN: not tilecc %s --emit=tile -DCALL 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: not tilecc %s --emit=tile -DOPERATOR 2>&1 | FileCheck %s --check-prefix=OPERATOR
// RUN: not tilecc %s --emit=tile -DHELPER 2>&1 | FileCheck %s --check-prefix=HELPER
// RUN: not tilecc %s --emit=tile -DLAMBDA 2>&1 | FileCheck %s --check-prefix=LAMBDA
// RUN: not tilecc %s --emit=tile -DMACRO 2>&1 | FileCheck %s --check-prefix=MACRO
// RUN: not tilecc %s --check -DREFERENCE 2>&1 | FileCheck %s --check-prefix=REFERENCE
// RUN: not tilecc %s --emit=tile -DOVERLOADED 2>&1 | FileCheck %s --check-prefix=OVERLOADED
#include <tile/kernel.h>

// The order in which C++ evaluates a call's arguments, or the operands of
// `+`, is unspecified: host mode's compiler may pick another than the
// frontend's. An operand that writes what another operand reads is
// rejected, however the write is disguised; the ordered forms
// (assignments, separate statements) are fine.

#define BUMP(v) (++(v))

int32_t bump(int32_t &v) { return ++v; }

template <class T> T pick(T a, T b) { return a < b ? b : a; }

// SAFE-LABEL: func.func @order
// SAFE: tile.store_at
TILE_KERNEL void order(tile::Piece<int32_t, 4, 16> out) {
  int32_t i = 0;
  auto lanes = tile::reshape<1, 16>(tile::iota<int32_t, 16>());
#if defined(SAFE)
  ++i;
  int32_t j = i;
  int32_t k = pick(i, j);
  i = i + 1;
  out.store_at(lanes + k + j, pick(i, 3) - 2, 0);
#elif defined(CALL)
  // CALL: evaluation-order.cpp:[[@LINE+2]]:20: error: this operand writes 'i', which another operand of the same expression reads, in an order C++ leaves unspecified (host mode and the GPU could see different values); write it in a statement of its own first
  // CALL: note: 'i' is read here
  int32_t k = pick(++i, i);
  out.store_at(lanes + k, 0, 0);
#elif defined(OPERATOR)
  // OPERATOR: evaluation-order.cpp:[[@LINE+1]]:15: error: this operand writes 'i'
  int32_t k = i++ + i;
  out.store_at(lanes + k, 0, 0);
#elif defined(HELPER)
  // HELPER: evaluation-order.cpp:[[@LINE+1]]:20: error: this operand writes 'i'
  int32_t k = pick(bump(i), i);
  out.store_at(lanes + k, 0, 0);
#elif defined(LAMBDA)
  auto next = [&] { return ++i; };
  // LAMBDA: evaluation-order.cpp:[[@LINE+1]]:23: error: this operand writes 'i'
  int32_t k = pick(i, next());
  out.store_at(lanes + k, 0, 0);
#elif defined(MACRO)
  // MACRO: evaluation-order.cpp:[[@LINE+1]]:27: error: this operand writes 'i'
  out.store_at(lanes + i, BUMP(i) - 1, 0);
#elif defined(OVERLOADED)
  // The operands of an overloaded `+` (of tiles) are as unordered.
  // OVERLOADED: evaluation-order.cpp:[[@LINE+1]]:12: error: this operand writes 'i'
  auto t = tile::full<int32_t, 1, 16>(++i) + tile::full<int32_t, 1, 16>(i);
  out.store_at(lanes + t, 0, 0);
#elif defined(REFERENCE)
  int32_t &r = i;
  // REFERENCE: evaluation-order.cpp:[[@LINE+1]]:23: error: this operand writes 'i'
  int32_t k = pick(i, r = 2);
  out.store_at(lanes + k, 0, 0);
#endif
}
