// RUN: tile-opt %s --tile-assign-layouts --split-input-file | FileCheck %s --check-prefix=LAYOUT
// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s --check-prefix=GPU

// The operands of a dot are converted into the fragments of
// mma.sync.m16n8k16 and the product stays in the accumulator's fragments.
// Four warps split the 32x32 result in two row halves and two column
// halves: `a` is replicated across the column warps (-1), `b` across the
// row warps. Each warp runs one 16-row block by two 8-column blocks.
// LAYOUT-LABEL: func.func @dot_f16
// LAYOUT: %[[A:.*]] = tile.convert_layout {{.*}} to <32x16xf16, #tile.layout<registers = [0, 7, 3], lanes = [1, 2, 4, 5, 6], warps = [8, -1]>>
// LAYOUT: %[[B:.*]] = tile.convert_layout {{.*}} to <16x32xf16, #tile.layout<registers = [5, 8, 3], lanes = [6, 7, 0, 1, 2], warps = [-1, 4]>>
// LAYOUT: %[[C:.*]] = tile.convert_layout {{.*}} to <32x32xf32, #tile.layout<registers = [0, 8, 3], lanes = [1, 2, 5, 6, 7], warps = [9, 4]>>
// LAYOUT: tile.dot %[[A]], %[[B]], %[[C]] {{.*}} -> <32x32xf32, #tile.layout<registers = [0, 8, 3], lanes = [1, 2, 5, 6, 7], warps = [9, 4]>>
// GPU-LABEL: gpu.func @dot_f16
// GPU-COUNT-2: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// GPU-NOT: nvvm.mma.sync
// GPU: gpu.return
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

// An accumulator carried by a loop stays in the fragments across
// iterations: only the operands are converted in the loop, the result once
// after it. bf16 halves go to mma.sync packed in i32 registers; each warp
// runs 2 row blocks x 4 column blocks x 2 reduction blocks.
// LAYOUT-LABEL: func.func @accumulate_bf16
// LAYOUT: %[[INIT:.*]] = tile.splat {{.*}} -> <64x64xf32, #tile.layout<registers = [0, 9, 3, 4, 10], lanes = [1, 2, 6, 7, 8], warps = [11, 5]>>
// LAYOUT: scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]])
// LAYOUT-COUNT-2: tile.convert_layout
// LAYOUT-NEXT: tile.dot
// LAYOUT-NEXT: scf.yield
// LAYOUT: tile.convert_layout {{.*}} to <64x64xf32, #tile.layout<registers = [0, 1, 2, 10, 11], lanes = [3, 4, 5, 6, 7], warps = [8, 9]>>
// LAYOUT-NEXT: tile.store
// GPU-LABEL: gpu.func @accumulate_bf16
// GPU: scf.for
// GPU: llvm.bitcast %{{.*}} : vector<2xbf16> to i32
// GPU-COUNT-16: nvvm.mma.sync {{.*}}multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>{{.*}} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// GPU-NOT: nvvm.mma.sync
// GPU: scf.yield
func.func @accumulate_bf16(%out: !tile.piece<64x64xf32>, %a: !tile.view<?x?xbf16>, %b: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<64x64xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<64x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x32xbf16>
    %y = tile.load %b[%i, %p] : !tile.view<?x?xbf16> -> !tile.tile<32x64xbf16>
    %d = tile.dot %x, %y, %sum : !tile.tile<64x32xbf16>, !tile.tile<32x64xbf16> -> !tile.tile<64x64xf32>
    scf.yield %d : !tile.tile<64x64xf32>
  }
  tile.store %acc, %out : !tile.tile<64x64xf32>, !tile.piece<64x64xf32>
  return
}
