// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu -canonicalize --split-input-file | FileCheck %s

// Operands of a dot are read from shared memory with ldmatrix: `a` row by
// row (four 8x8 matrices: rows +8, then columns +8), `b` transposed (its
// fragments hold pairs down a column). Lane l points at row l % 8 of matrix
// l / 8. The buffer is swizzled on both sides: the 16-byte chunks of each
// 128-byte line (64 f16) are permuted by the line's low three bits, so the
// eight rows of one matrix hit eight different chunks.
// CHECK-LABEL: gpu.func @dot_f16
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : i32
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[C15:.*]] = arith.constant 15 : i32
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : i32
// The tile of `a` written in its load layout, 16 bytes per thread.
// CHECK: %[[WL:.*]] = arith.shrui %[[W:.*]], %[[C6]] : i32
// CHECK-NEXT: %[[WM:.*]] = arith.andi %[[WL]], %[[C7]] : i32
// CHECK-NEXT: %[[WS:.*]] = arith.shli %[[WM]], %[[C3]] : i32
// CHECK-NEXT: %[[WX:.*]] = arith.xori %[[W]], %[[WS]] : i32
// CHECK-NEXT: %[[WP:.*]] = llvm.getelementptr %{{.*}}[%[[WX]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK-NEXT: llvm.store %{{.*}}, %[[WP]] {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK: gpu.barrier
// Row starts of `a` (32x16): lane bits 0-3 pick rows 0-15, lane bit 4
// columns 8-15, warp bit 0 rows 16-31.
// CHECK-NEXT: %[[ROW:.*]] = arith.andi %[[T:.*]], %[[C15]] : i32
// CHECK-NEXT: %[[ROWS:.*]] = arith.shli %[[ROW]], %[[C4]] : i32
// CHECK-NEXT: %[[HI:.*]] = arith.shrui %[[T]], %[[C4]] : i32
// CHECK-NEXT: %[[HI1:.*]] = arith.andi %[[HI]], %{{.*}} : i32
// CHECK-NEXT: %[[COLS:.*]] = arith.shli %[[HI1]], %[[C3]] : i32
// CHECK-NEXT: %[[R0:.*]] = arith.ori %[[ROWS]], %[[COLS]] : i32
// CHECK-NEXT: %[[W0:.*]] = arith.shrui %[[T]], %[[C5]] : i32
// CHECK-NEXT: %[[W1:.*]] = arith.andi %[[W0]], %{{.*}} : i32
// CHECK-NEXT: %[[WARPROWS:.*]] = arith.shli %[[W1]], %[[C8]] : i32
// CHECK-NEXT: %[[R:.*]] = arith.ori %[[R0]], %[[WARPROWS]] : i32
// CHECK-NEXT: %[[RL:.*]] = arith.shrui %[[R]], %[[C6]] : i32
// CHECK-NEXT: %[[RM:.*]] = arith.andi %[[RL]], %[[C7]] : i32
// CHECK-NEXT: %[[RS:.*]] = arith.shli %[[RM]], %[[C3]] : i32
// CHECK-NEXT: %[[RX:.*]] = arith.xori %[[R]], %[[RS]] : i32
// CHECK-NEXT: %[[RP:.*]] = llvm.getelementptr %{{.*}}[%[[RX]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK-NEXT: %[[A:.*]] = nvvm.ldmatrix %[[RP]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: gpu.barrier
// CHECK: %[[B:.*]] = nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: gpu.barrier
// The f32 accumulator is no ldmatrix operand: plain loads, no swizzle.
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xf32>
// CHECK: nvvm.mma.sync
// CHECK-NOT: nvvm.ldmatrix
// CHECK: gpu.return
func.func @dot_f16(%out: !tile.piece<32x32xf32>, %a: !tile.view<?x?xf16>, %b: !tile.view<?x?xf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %x = tile.load %a[%p, %p] : !tile.view<?x?xf16> -> !tile.tile<32x16xf16>
  %y = tile.load %b[%p, %p] : !tile.view<?x?xf16> -> !tile.tile<16x32xf16>
  %z = tile.load_piece %out : !tile.piece<32x32xf32> -> !tile.tile<32x32xf32>
  %d = tile.dot %x, %y, %z : !tile.tile<32x16xf16>, !tile.tile<16x32xf16> -> !tile.tile<32x32xf32>
  tile.store %d, %out : !tile.tile<32x32xf32>, !tile.piece<32x32xf32>
  return
}

// -----

// A 16x8 `b` gives each thread four registers: two matrices (k 0-7 and
// 8-15), one ldmatrix.x2; lanes 0-15 point at its 16 rows. Its 128 bf16 are
// two lines, so the swizzle takes one line bit.
// CHECK-LABEL: gpu.func @small_bf16
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : i32
// CHECK-DAG: %[[C15:.*]] = arith.constant 15 : i32
// CHECK: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<row>, num = 4 : i32{{.*}}}
// CHECK: gpu.barrier
// CHECK: llvm.store %{{.*}} : vector<8xbf16>, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK-NEXT: %[[ROW:.*]] = arith.andi %{{.*}}, %[[C15]] : i32
// CHECK-NEXT: %[[START:.*]] = arith.shli %[[ROW]], %[[C3]] : i32
// CHECK-NEXT: %[[L:.*]] = arith.shrui %[[START]], %[[C6]] : i32
// CHECK-NEXT: %[[M:.*]] = arith.andi %[[L]], %[[C1]] : i32
// CHECK-NEXT: %[[S:.*]] = arith.shli %[[M]], %[[C3]] : i32
// CHECK-NEXT: %[[X:.*]] = arith.xori %[[START]], %[[S]] : i32
// CHECK-NEXT: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[X]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, bf16
// CHECK-NEXT: %[[B:.*]] = nvvm.ldmatrix %[[P]] {{{.*}}layout = #nvvm.mma_layout<col>, num = 2 : i32{{.*}}} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
// CHECK-NEXT: %[[B0:.*]] = llvm.extractvalue %[[B]][0]
// CHECK-NEXT: %[[B1:.*]] = llvm.extractvalue %[[B]][1]
// CHECK: nvvm.mma.sync A[{{.*}}] B[%[[B0]], %[[B1]]]
func.func @small_bf16(%out: !tile.piece<16x8xf32>, %a: !tile.view<?x?xbf16>, %b: !tile.view<?x?xbf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %x = tile.load %a[%p, %p] : !tile.view<?x?xbf16> -> !tile.tile<16x16xbf16>
  %y = tile.load %b[%p, %p] : !tile.view<?x?xbf16> -> !tile.tile<16x8xbf16>
  %z = tile.load_piece %out : !tile.piece<16x8xf32> -> !tile.tile<16x8xf32>
  %d = tile.dot %x, %y, %z : !tile.tile<16x16xbf16>, !tile.tile<16x8xbf16> -> !tile.tile<16x8xf32>
  tile.store %d, %out : !tile.tile<16x8xf32>, !tile.piece<16x8xf32>
  return
}

// -----

// A conversion of 16-bit elements whose target is no matrix fragment (a
// row-major layout with four elements of a row per thread) reads with plain
// loads from an unswizzled buffer.
// CHECK-LABEL: gpu.func @not_a_fragment
// CHECK-NOT: nvvm.ldmatrix
// CHECK: gpu.return
func.func @not_a_fragment(%out: !tile.piece<16x16xf16>, %a: !tile.view<?x?xf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %x = tile.load %a[%p, %p] : !tile.view<?x?xf16> -> !tile.tile<16x16xf16, #tile.layout<registers = [0, 1, 2], lanes = [3, 4, 5, 6, 7], warps = []>>
  %y = tile.convert_layout %x : <16x16xf16, #tile.layout<registers = [0, 1, 2], lanes = [3, 4, 5, 6, 7], warps = []>> to <16x16xf16, #tile.layout<registers = [4, 5, 6], lanes = [0, 1, 2, 3, 7], warps = []>>
  tile.store %y, %out : !tile.tile<16x16xf16, #tile.layout<registers = [4, 5, 6], lanes = [0, 1, 2, 3, 7], warps = []>>, !tile.piece<16x16xf16>
  return
}
