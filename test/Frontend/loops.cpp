// RUN: tilecc %s --emit=tile | FileCheck %s
#include <tile/kernel.h>

// A for loop is an scf.for over index whose bounds come from scalars; the
// loop variable is the index cast back to its C++ type. (The tile carried by
// examples/sum_slices.cpp is checked in test/Examples.)
// CHECK-LABEL: func.func @countdown(
// CHECK-SAME: %{{[^:]*}}: !tile.piece<64xi64>, %[[FROM:[^:]*]]: i64, %[[TO:[^:]*]]: i64)
// CHECK-DAG: %[[LB:.*]] = arith.index_cast %[[FROM]] : i64 to index
// CHECK-DAG: %[[UB:.*]] = arith.index_cast %[[TO]] : i64 to index
// CHECK: scf.for %[[IV:.*]] = %[[LB]] to %[[UB]] step %{{.*}} iter_args(%[[SUM:.*]] = %{{.*}}) -> (i64)
// CHECK: %[[I:.*]] = arith.index_cast %[[IV]] : index to i64
// CHECK: arith.subi %[[SUM]], %[[I]] : i64
TILE_KERNEL void countdown(tile::Piece<int64_t, 64> out, int64_t from,
                           int64_t to) {
  int64_t sum = 0;
  for (int64_t i = from; i < to; ++i)
    sum -= i;
  out.store(tile::full<int64_t, 64>(sum));
}

// `<=` adds one to the bound; `i += 2` is the step; loops nest; a scalar
// and a tile are carried together.
// CHECK-LABEL: func.func @nested
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[OUTER:.*]]:2 = scf.for {{.*}} step %[[C2]] iter_args({{.*}}) -> (!tile.tile<128xi32>, i32)
// CHECK: arith.addi %{{.*}}, %{{.*}} : index
// CHECK: scf.for {{.*}} -> (!tile.tile<128xi32>)
// CHECK: tile.add %[[OUTER]]#0
TILE_KERNEL void nested(tile::Piece<int, 128> out, int n) {
  auto acc = tile::full<int, 128>(0);
  int count = 0;
  for (int i = 0; i < n; i += 2) {
    for (int j = 0; j <= i; j++)
      acc = acc + tile::full<int, 128>(j);
    count = count + 1;
  }
  out.store(acc + tile::full<int, 128>(count));
}
