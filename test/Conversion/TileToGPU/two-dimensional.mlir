// RUN: tile-opt %s --convert-tile-to-gpu | FileCheck %s

// A 16x64 f32 tile: runs of 4 along rows, 128 threads, 2 runs each. The row
// of a run is checked against the tensor's rows and scaled by the row
// stride; runs are vectorized only when the row stride keeps them aligned.
// CHECK-LABEL: gpu.func @copy2d
// CHECK-SAME: (%{{.*}}: !llvm.ptr<1>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %[[X:[^:]*]]: !llvm.ptr<1>, %[[ROWS:[^:]*]]: i64, %[[COLS:[^:]*]]: i64, %[[RSTRIDE:[^:]*]]: i64, %{{.*}}: i64)
// CHECK: arith.muli %[[RSTRIDE]], %{{.*}} : i64
// CHECK: arith.remui %{{.*}}, %{{.*}} : i64
// CHECK: arith.divui
// CHECK: arith.cmpi ult, %{{.*}}, %[[ROWS]] : i64
// CHECK: arith.muli %{{.*}}, %[[RSTRIDE]] : i64
// CHECK: arith.cmpi ule, %{{.*}}, %[[COLS]] : i64
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
func.func @copy2d(%out: !tile.piece<16x64xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %q = tile.program_id 1 : i32
  %t = tile.load %x[%p, %q] : !tile.view<?x?xf32> -> !tile.tile<16x64xf32>
  tile.store %t, %out : !tile.tile<16x64xf32>, !tile.piece<16x64xf32>
  return
}
