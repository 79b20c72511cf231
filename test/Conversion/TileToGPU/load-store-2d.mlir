// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// A 16x64 f32 tile: runs of 4 along the rows, 128 threads, two runs each.
// A run's row and column come from its flat index; the row is checked
// against the tensor's rows and scaled by the row stride, the column against
// the row length. Runs are vectorized only when the base address and the row
// stride (in bytes) are 16-byte aligned.
// CHECK-LABEL: gpu.func @copy2d
// CHECK-SAME: (%[[OUT:[^:]*]]: !llvm.ptr<1>, %[[OROWS:[^:]*]]: i64, %[[OCOLS:[^:]*]]: i64, %[[OSTRIDE:[^:]*]]: i64, %{{[^:]*}}: i64,
// CHECK-SAME: %[[X:[^:]*]]: !llvm.ptr<1>, %[[ROWS:[^:]*]]: i64, %[[COLS:[^:]*]]: i64, %[[STRIDE:[^:]*]]: i64, %{{[^:]*}}: i64)
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK: %[[BY:.*]] = gpu.block_id y
// CHECK: %[[I:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK-NEXT: %[[J:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[C15:.*]] = arith.constant 15 : i64
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %[[X]] : !llvm.ptr<1> to i64
// CHECK-NEXT: %[[MIS:.*]] = arith.andi %[[ADDR]], %[[C15]] : i64
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[SBYTES:.*]] = arith.muli %[[STRIDE]], %[[C4]] : i64
// CHECK-NEXT: %[[SMIS:.*]] = arith.andi %[[SBYTES]], %[[C15]] : i64
// CHECK-NEXT: %[[ANY:.*]] = arith.ori %[[MIS]], %[[SMIS]] : i64
// CHECK-NEXT: %[[ALIGNED:.*]] = arith.cmpi eq, %[[ANY]], %{{.*}} : i64

// CHECK: %[[FLAT:.*]] = arith.ori %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64 : i64
// CHECK-NEXT: %[[COL:.*]] = arith.remui %[[FLAT]], %[[C64]] : i64
// CHECK-NEXT: %[[ROW:.*]] = arith.divui %[[FLAT]], %[[C64]] : i64
// CHECK: %[[C16:.*]] = arith.constant 16 : i64
// CHECK-NEXT: %[[R0:.*]] = arith.muli %[[I]], %[[C16]] : i64
// CHECK-NEXT: %[[GROW:.*]] = arith.addi %[[R0]], %[[ROW]] : i64
// CHECK-NEXT: %[[ROWIN:.*]] = arith.cmpi ult, %[[GROW]], %[[ROWS]] : i64
// CHECK-NEXT: %[[ROWOK:.*]] = arith.andi %{{.*}}, %[[ROWIN]] : i1
// CHECK-NEXT: %[[ROWOFF:.*]] = arith.muli %[[GROW]], %[[STRIDE]] : i64
// CHECK-NEXT: %[[OFF0:.*]] = arith.addi %{{.*}}, %[[ROWOFF]] : i64
// CHECK-NEXT: %[[C64B:.*]] = arith.constant 64 : i64
// CHECK-NEXT: %[[C0:.*]] = arith.muli %[[J]], %[[C64B]] : i64
// CHECK-NEXT: %[[GCOL:.*]] = arith.addi %[[C0]], %[[COL]] : i64
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[OFF0]], %[[GCOL]] : i64
// Lanes of a run share its row: outside the rows, none of its elements
// counts as inside.
// CHECK-NEXT: %[[STARTS:.*]] = arith.cmpi ult, %[[GCOL]], %[[COLS]] : i64
// CHECK-NEXT: %[[COLOK:.*]] = arith.andi %[[ROWOK]], %[[STARTS]] : i1
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[LEFT:.*]] = arith.subi %[[COLS]], %[[GCOL]] : i64
// CHECK-NEXT: %[[COUNT:.*]] = arith.select %[[COLOK]], %[[LEFT]], %[[ZERO]] : i64
// CHECK-NEXT: %[[W:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[INSIDE:.*]] = arith.cmpi sge, %[[COUNT]], %[[W]] : i64
// CHECK-NEXT: %[[PTR:.*]] = llvm.getelementptr %[[X]][%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK-NEXT: %[[FAST:.*]] = arith.andi %[[INSIDE]], %[[ALIGNED]] : i1
// CHECK-NEXT: scf.if %[[FAST]] -> (vector<4xf32>) {
// CHECK-NEXT: llvm.load %[[PTR]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: %[[COUNTS:.*]] = vector.broadcast %[[COUNT]] : i64 to vector<4xi64>
// CHECK-NEXT: %[[MASK:.*]] = arith.cmpi sgt, %[[COUNTS]], %{{.*}} : vector<4xi64>
// CHECK-NEXT: llvm.intr.masked.load %[[PTR]], %[[MASK]]

// The store addresses the output piece the same way, by block ids x and y.
// CHECK: %[[OBX:.*]] = gpu.block_id x
// CHECK: %[[OBY:.*]] = gpu.block_id y
// CHECK: llvm.ptrtoint %[[OUT]]
// CHECK: arith.muli %[[OSTRIDE]], %{{.*}} : i64
// CHECK: arith.cmpi ult, %{{.*}}, %[[OROWS]] : i64
// CHECK: arith.muli %{{.*}}, %[[OSTRIDE]] : i64
// CHECK: arith.subi %[[OCOLS]], %{{.*}} : i64
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
func.func @copy2d(%out: !tile.piece<16x64xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %q = tile.program_id 1 : i32
  %t = tile.load %x[%p, %q] : !tile.view<?x?xf32> -> !tile.tile<16x64xf32>
  tile.store %t, %out : !tile.tile<16x64xf32>, !tile.piece<16x64xf32>
  return
}

// -----

// Rows of 2 elements cannot hold runs of 4: runs shrink to 2 (8 bytes).
// CHECK-LABEL: gpu.func @narrow_rows
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK: %[[C7:.*]] = arith.constant 7 : i64
// CHECK: arith.andi %{{.*}}, %[[C7]] : i64
// CHECK: arith.constant 2 : i64
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<2xf32>
// CHECK: llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : (!llvm.ptr<1>, vector<2xi1>, vector<2xf32>) -> vector<2xf32>
func.func @narrow_rows(%out: !tile.piece<32x2xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %q = tile.program_id 1 : i32
  %t = tile.load %x[%p, %q] : !tile.view<?x?xf32> -> !tile.tile<32x2xf32>
  tile.store %t, %out : !tile.tile<32x2xf32>, !tile.piece<32x2xf32>
  return
}
