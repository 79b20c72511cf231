// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu -canonicalize --split-input-file | FileCheck %s

// A row of 4096 bf16 is 64 cache lines of 64 elements; the kernel's 128
// threads take one line each, the upper half none. A line is fetched when
// its row and its first column lie inside the tensor.
// CHECK-LABEL: gpu.func @row
// CHECK-SAME: %[[X:[^:]*]]: !llvm.ptr<1>, %[[ROWS:[^:]*]]: i64, %[[COLS:[^:]*]]: i64, %[[STRIDE:[^:]*]]: i64, %{{[^:]*}}: i64)
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i64
// CHECK: %[[PID:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: %[[ROW:.*]] = arith.extsi %[[PID]] : i32 to i64
// CHECK: %[[T:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK-NEXT: %[[SOME:.*]] = arith.cmpi ult, %[[T]], %[[C64]] : i64
// CHECK-NEXT: %[[LINE:.*]] = arith.remui %[[T]], %[[C64]] : i64
// CHECK-NEXT: %[[COL:.*]] = arith.muli %[[LINE]], %[[C64]] : i64
// CHECK-NEXT: %[[COLIN:.*]] = arith.cmpi ult, %[[COL]], %[[COLS]] : i64
// CHECK-NEXT: %[[IN1:.*]] = arith.andi %[[SOME]], %[[COLIN]] : i1
// CHECK-NEXT: %[[ROWIN:.*]] = arith.cmpi ult, %[[ROW]], %[[ROWS]] : i64
// CHECK-NEXT: %[[IN:.*]] = arith.andi %[[IN1]], %[[ROWIN]] : i1
// CHECK-NEXT: %[[ROWOFF:.*]] = arith.muli %[[ROW]], %[[STRIDE]] : i64
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[COL]], %[[ROWOFF]] : i64
// CHECK-NEXT: scf.if %[[IN]] {
// CHECK-NEXT:   %[[P:.*]] = llvm.getelementptr %[[X]][%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, bf16
// CHECK-NEXT:   llvm.inline_asm has_side_effects "prefetch.global.L2 [$0];", "l" %[[P]] : (!llvm.ptr<1>) -> ()
// CHECK-NEXT: }
// CHECK-NOT: prefetch.global.L2
// CHECK-NOT: tile.prefetch
func.func @row(%out: !tile.piece<1x4096xbf16>, %x: !tile.view<?x?xbf16>)
    attributes {tile.kernel} {
  %t = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  tile.prefetch %x[%t, %c0] shape [1, 4096] : !tile.view<?x?xbf16>
  %v = tile.load %x[%t, %c0] : !tile.view<?x?xbf16> -> !tile.tile<1x4096xbf16>
  tile.store %v, %out : !tile.tile<1x4096xbf16>, !tile.piece<1x4096xbf16>
  return
}

// -----

// 8192 f32 are 256 lines: two rounds over the 128 threads, all of them
// busy, so no thread is left out by a compare against 256.
// CHECK-LABEL: gpu.func @rounds
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : i64
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : i64
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i64
// CHECK: %[[T:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK-NEXT: %[[L0:.*]] = arith.remui %[[T]], %[[C256]] : i64
// CHECK-NEXT: arith.muli %[[L0]], %[[C32]] : i64
// CHECK: "prefetch.global.L2 [$0];"
// CHECK: %[[T1:.*]] = arith.addi %[[T]], %[[C128]] : i64
// CHECK-NEXT: %[[L1:.*]] = arith.remui %[[T1]], %[[C256]] : i64
// CHECK-NEXT: arith.muli %[[L1]], %[[C32]] : i64
// CHECK: "prefetch.global.L2 [$0];"
// CHECK-NOT: prefetch.global.L2
func.func @rounds(%out: !tile.piece<1x512xf32>, %x: !tile.view<?x?xf32>)
    attributes {tile.kernel} {
  %t = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  tile.prefetch %x[%t, %c0] shape [1, 8192] : !tile.view<?x?xf32>
  %v = tile.load %x[%t, %c0] : !tile.view<?x?xf32> -> !tile.tile<1x512xf32>
  tile.store %v, %out : !tile.tile<1x512xf32>, !tile.piece<1x512xf32>
  return
}

// -----

// A 3 x 40 f32 tile at tile index (pid, 1): rows of two lines, the second
// line starting 32 elements in; six segments, one per thread of the first
// six. Row pid * 3 + (t / 2), column 40 + (t % 2) * 32.
// CHECK-LABEL: gpu.func @ragged
// CHECK-DAG: %[[C40:.*]] = arith.constant 40 : i64
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : i64
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i64
// CHECK: %[[FIRST:.*]] = arith.muli %{{.*}}, %[[C3]] : i64
// CHECK: %[[T:.*]] = arith.index_castui %{{.*}} : index to i64
// CHECK-NEXT: arith.cmpi ult, %[[T]], %[[C6]] : i64
// CHECK-NEXT: %[[LINE:.*]] = arith.remui %[[T]], %[[C2]] : i64
// CHECK-NEXT: %[[SHIFT:.*]] = arith.muli %[[LINE]], %[[C32]] : i64
// CHECK-NEXT: %[[R:.*]] = arith.divui %[[T]], %[[C2]] : i64
// CHECK-NEXT: %[[COL:.*]] = arith.addi %[[SHIFT]], %[[C40]] : i64
// CHECK: %[[RR:.*]] = arith.remui %[[R]], %[[C3]] : i64
// CHECK-NEXT: arith.addi %[[FIRST]], %[[RR]] : i64
// CHECK: "prefetch.global.L2 [$0];"
// CHECK-NOT: prefetch.global.L2
func.func @ragged(%out: !tile.piece<64x32xf32>, %x: !tile.view<?x?xf32>)
    attributes {tile.kernel} {
  %t = tile.program_id 0 : i32
  %c1 = arith.constant 1 : i32
  tile.prefetch %x[%t, %c1] shape [3, 40] : !tile.view<?x?xf32>
  %v = tile.load %x[%t, %c1] : !tile.view<?x?xf32> -> !tile.tile<64x32xf32>
  tile.store %v, %out : !tile.tile<64x32xf32>, !tile.piece<64x32xf32>
  return
}
