// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// The extent of a view or a piece along a dimension is that tensor's shape
// parameter of the kernel: no code computes it.
// CHECK-LABEL: gpu.func @extents
// CHECK-SAME: (%{{[^:]*}}: !llvm.ptr<1>, %[[OUT0:[^:]*]]: i64, %{{[^:]*}}: i64,
// CHECK-SAME: %{{[^:]*}}: !llvm.ptr<1>, %[[X0:[^:]*]]: i64, %[[X1:[^:]*]]: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64)
// CHECK-NEXT: %[[A:.*]] = arith.addi %[[X0]], %[[X1]] : i64
// CHECK-NEXT: %{{.*}} = arith.addi %[[A]], %[[OUT0]] : i64
// CHECK-NOT: tile.size
func.func @extents(%out: !tile.piece<128xi64>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %rows = tile.size %x, 0 : !tile.view<?x?xf32> -> i64
  %cols = tile.size %x, 1 : !tile.view<?x?xf32> -> i64
  %n = tile.size %out, 0 : !tile.piece<128xi64> -> i64
  %0 = arith.addi %rows, %cols : i64
  %1 = arith.addi %0, %n : i64
  %t = tile.splat %1 : i64 -> !tile.tile<128xi64>
  tile.store %t, %out : !tile.tile<128xi64>, !tile.piece<128xi64>
  return
}

// -----

// A size as a loop bound: the number of rows, truncated to i32, bounds the
// loop over the rows of a column block.
// CHECK-LABEL: gpu.func @column_sums
// CHECK-SAME: %{{[^:]*}}: !llvm.ptr<1>, %[[ROWS:[^:]*]]: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64)
// CHECK: %[[N:.*]] = arith.trunci %[[ROWS]] : i64 to i32
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%{{.*}}) -> (vector<{{[0-9]+}}xf32>) : i32 {
// CHECK-NOT: tile.
func.func @column_sums(%out: !tile.piece<128xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %zero = tile.constant dense<0.0> : !tile.tile<128xf32>
  %rows = tile.size %x, 0 : !tile.view<?x?xf32> -> i64
  %n = arith.trunci %rows : i64 to i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %col = tile.program_id 0 : i32
  %sum = scf.for %r = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<128xf32>) : i32 {
    %row = tile.load %x[%r, %col] : !tile.view<?x?xf32> -> !tile.tile<1x128xf32>
    %flat = tile.reshape %row : !tile.tile<1x128xf32> to !tile.tile<128xf32>
    %s = tile.add %acc, %flat : !tile.tile<128xf32>
    scf.yield %s : !tile.tile<128xf32>
  }
  tile.store %sum, %out : !tile.tile<128xf32>, !tile.piece<128xf32>
  return
}
