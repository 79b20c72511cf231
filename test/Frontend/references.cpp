// RUN: tilecc %s --emit=tile | FileCheck %s
// RUN: not tilecc %s --emit=tile -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not tilecc %s --check -DBAD 2>&1 | FileCheck %s --check-prefix=BAD
#include <tile/kernel.h>

// A reference names the variable it is bound to, as in C++ (and host
// mode): a write through it is a write of the variable, seen through every
// other name of it.

// One variable behind both parameters: a = b, then b = t leaves n as it was.
void swapValues(int64_t &a, int64_t &b) {
  int64_t t = a;
  a = b;
  b = t;
}

// CHECK-LABEL: func.func @swap_one(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<8xi64>, %[[N:[^:]*]]: i64)
// CHECK-NEXT: %[[T:.*]] = tile.splat %[[N]]
// CHECK-NEXT: tile.store %[[T]], %[[OUT]]
TILE_KERNEL void swap_one(tile::Piece<int64_t, 8> out, int64_t n) {
  swapValues(n, n);
  out.store(tile::full<int64_t, 8>(n));
}

// A write through one parameter is seen through the other before the
// helper ends: b reads the a + 1 just written.
void bump(int64_t &a, const int64_t &b, int64_t &sum) {
  a = a + 1;
  sum = b;
}

// CHECK-LABEL: func.func @seen_through_both(
// CHECK-SAME: %{{[^:]*}}: !tile.piece<8xi64>, %[[N:[^:]*]]: i64)
// CHECK: %[[UP:.*]] = arith.addi %[[N]], %{{.*}} : i64
// CHECK-NEXT: %[[T:.*]] = tile.splat %[[UP]]
TILE_KERNEL void seen_through_both(tile::Piece<int64_t, 8> out, int64_t n) {
  int64_t sum = 0;
  bump(n, n, sum);
  out.store(tile::full<int64_t, 8>(sum));
}

// A local reference and a reference to it write the variable; a const
// reference reads its current value.
// CHECK-LABEL: func.func @local_references(
// CHECK-SAME: %{{[^:]*}}: !tile.piece<8xi64>, %[[N:[^:]*]]: i64)
// CHECK: %[[TWICE:.*]] = arith.muli %[[N]], %{{.*}} : i64
// CHECK-NEXT: %[[T:.*]] = tile.splat %[[TWICE]]
TILE_KERNEL void local_references(tile::Piece<int64_t, 8> out, int64_t n) {
  int64_t v = n;
  int64_t &r = v;
  int64_t &rr = r;
  const int64_t &seen = v;
  rr *= 2;
  out.store(tile::full<int64_t, 8>(seen));
}

// A lambda's by-copy capture of a reference is a copy of the variable's
// value when the lambda is made; the by-reference one is the variable.
// CHECK-LABEL: func.func @captured_reference(
// CHECK-SAME: %{{[^:]*}}: !tile.piece<8xi64>, %[[N:[^:]*]]: i64)
// CHECK: %[[C5:.*]] = arith.constant 5 : i64
// CHECK: %[[SUM:.*]] = arith.addi %[[N]], %[[C5]] : i64
// CHECK-NEXT: tile.splat %[[SUM]]
TILE_KERNEL void captured_reference(tile::Piece<int64_t, 8> out, int64_t n) {
  int64_t v = n;
  int64_t &r = v;
  auto copy = [r] { return r; };
  r = 5;
  auto current = [&r] { return r; };
  out.store(tile::full<int64_t, 8>(copy() + current()));
}

// A reference bound to a temporary extends its life and reads it.
// CHECK-LABEL: func.func @temporary_reference(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.piece<8xi64>, %[[N:[^:]*]]: i64)
// CHECK: %[[SUM:.*]] = arith.addi %[[N]], %{{.*}} : i64
// CHECK-NEXT: %[[ROW:.*]] = tile.splat %[[SUM]]
// CHECK-NEXT: tile.store %[[ROW]], %[[OUT]]
TILE_KERNEL void temporary_reference(tile::Piece<int64_t, 8> out, int64_t n) {
  const int64_t &sum = n + 1;
  const auto &row = tile::full<int64_t, 8>(sum);
  out.store(row);
}

#ifdef BAD
TILE_KERNEL void either(tile::Piece<int64_t, 8> out, int64_t n, int64_t m) {
  // BAD: references.cpp:[[@LINE+1]]:16: error: reference 'r' must be bound to a variable of the kernel, whose value it reads and writes; copy the value into a variable instead
  int64_t &r = n > 0 ? n : m;
  r = 1;
  out.store(tile::full<int64_t, 8>(n + m));
}
#endif
