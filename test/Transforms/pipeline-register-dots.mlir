// RUN: tile-opt %s --tile-assign-layouts='wgmma=true max-threads=128' --tile-pipeline-register-dots --split-input-file | FileCheck %s --check-prefix=LAYOUT
// RUN: tile-opt %s --tile-transforms='wgmma=true max-threads=128' --convert-tile-to-gpu --split-input-file | FileCheck %s --check-prefix=GPU
// RUN: not tile-opt %s --tile-pipeline-register-dots --split-input-file 2>&1 | FileCheck %s --check-prefix=NO-LAYOUTS

// The pass needs the layouts (and the products' marks) of tile-assign-layouts.
// NO-LAYOUTS: error: 'func.func' op has no thread layouts; run tile-assign-layouts before tile-pipeline-register-dots

// Attention's products read the queries and the weights from registers and
// the keys and values from a ring of two stages that the tensor copy engine
// fills an iteration ahead. The keys are tiles of [heads, positions, D],
// the values of a token-major [positions, heads, D] (rows along dimension
// 0); each has a tensor map of the view's rank. The copies of iteration 0
// come before the loop, those of iteration i + 1 first in iteration i, once
// the stage is released; the products wait for the stage's copies, and
// each warpgroup releases it after the last.
// LAYOUT-LABEL: func.func @attention
// LAYOUT-SAME: %{{.*}}: !tilegpu.tensor_map, %{{.*}}: !tilegpu.tensor_map
// LAYOUT-SAME: tile.tensor_maps = [#tilegpu.tensor_map<view = 2, box = [1, 64, 64], swizzle = 128>, #tilegpu.tensor_map<view = 3, box = [64, 1, 64], swizzle = 128>]
// LAYOUT: %[[K:.*]] = tilegpu.shared_alloc {offset = 0 : i64} : <2x64x64xbf16>
// LAYOUT: %[[V:.*]] = tilegpu.shared_alloc {offset = 16384 : i64} : <2x64x64xbf16>
// LAYOUT: %[[FULL:.*]] = tilegpu.barrier_alloc {arrivals = 1 : i32, offset = 32768 : i64} : <2>
// LAYOUT: %[[EMPTY:.*]] = tilegpu.barrier_alloc {arrivals = 1 : i32, offset = 32784 : i64} : <2>
// LAYOUT: scf.if
// LAYOUT: tilegpu.barrier_expect %[[FULL]][%{{.*}}] {bytes = 16384 : i64}
// LAYOUT: tilegpu.copy_tensor %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %[[K]][%{{.*}}], %[[FULL]][%{{.*}}] :
// LAYOUT: tilegpu.copy_tensor %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %[[V]][%{{.*}}], %[[FULL]][%{{.*}}] {row_dim = 0 : i64}
// LAYOUT: scf.for
// LAYOUT: scf.if
// LAYOUT: tilegpu.barrier_wait %[[EMPTY]][%{{.*}}], %{{.*}} {copier}
// LAYOUT: tilegpu.barrier_expect %[[FULL]]
// LAYOUT: tilegpu.copy_tensor {{.*}}%[[K]]
// LAYOUT: tilegpu.copy_tensor {{.*}}%[[V]]
// LAYOUT: tilegpu.barrier_wait %[[FULL]][%[[STAGE:.*]]], %{{.*}} : <2>
// LAYOUT-NEXT: tilegpu.register_staged_dot %{{.*}}, %[[K]][%[[STAGE]]], %{{.*}} : <64x64xbf16
// LAYOUT-NOT: tile.dot
// LAYOUT: tilegpu.register_staged_dot %{{.*}}, %[[V]][%[[STAGE]]], %{{.*}} {b_n_major}
// LAYOUT-NEXT: tilegpu.barrier_arrive %[[EMPTY]][%[[STAGE]]]
// LAYOUT: scf.yield
// LAYOUT: tilegpu.copy_wait {pending = 0 : i32}
// GPU-LABEL: gpu.func @attention
// GPU: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}, %{{.*}}]
// GPU: scf.for
// GPU: llvm.inline_asm has_side_effects {{.*}}wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 0;
// GPU: llvm.inline_asm has_side_effects {{.*}}"wgmma.wait_group.sync.aligned 0;"
// GPU: llvm.inline_asm has_side_effects {{.*}}wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 1;
// GPU: llvm.inline_asm has_side_effects {{.*}}"wgmma.wait_group.sync.aligned 0;"
// GPU: nvvm.mbarrier.arrive
func.func @attention(%out: !tile.piece<64x64xbf16>, %q: !tile.view<?x?xbf16>, %k: !tile.view<?x?x?xbf16>, %v: !tile.view<?x?x?xbf16>, %steps: index) attributes {tile.kernel} {
  %zeros = tile.constant dense<0.000000e+00> : !tile.tile<64x64xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %block = tile.program_id 0 : i32
  %head = tile.program_id 1 : i32
  %queries = tile.load %q[%block, %c0_i32] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%acc = %zeros) -> (!tile.tile<64x64xf32>) {
    %step = arith.index_cast %i : index to i32
    %k3 = tile.load %k[%head, %step, %c0_i32] : !tile.view<?x?x?xbf16> -> !tile.tile<1x64x64xbf16>
    %keys = tile.reshape %k3 : !tile.tile<1x64x64xbf16> to !tile.tile<64x64xbf16>
    %keysT = tile.permute %keys [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %scores = tile.dot %queries, %keysT, %zeros : !tile.tile<64x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<64x64xf32>
    %weights = tile.exp %scores : !tile.tile<64x64xf32>
    %narrow = tile.cast %weights : !tile.tile<64x64xf32> to !tile.tile<64x64xbf16>
    %v3 = tile.load %v[%step, %head, %c0_i32] : !tile.view<?x?x?xbf16> -> !tile.tile<64x1x64xbf16>
    %values = tile.reshape %v3 : !tile.tile<64x1x64xbf16> to !tile.tile<64x64xbf16>
    %halved = tile.mul %acc, %acc : !tile.tile<64x64xf32>
    %next = tile.dot %narrow, %values, %halved : !tile.tile<64x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<64x64xf32>
    scf.yield %next : !tile.tile<64x64xf32>
  }
  %result = tile.cast %r : !tile.tile<64x64xf32> to !tile.tile<64x64xbf16>
  tile.store %result, %out : !tile.tile<64x64xbf16>, !tile.piece<64x64xbf16>
  return
}

// -----

// The kernel's cp.async twin has no tensor maps: its products read both
// operands from shared memory, written from registers in each iteration.
// LAYOUT-LABEL: func.func @twin
// LAYOUT-NOT: tile.tensor_maps
// LAYOUT-NOT: tilegpu.register_staged_dot
// LAYOUT-NOT: tile.wgmma_register_a
// LAYOUT: tile.dot {{.*}} {tile.wgmma}
// LAYOUT-NOT: tilegpu.register_staged_dot
// LAYOUT: return
func.func @twin(%out: !tile.piece<64x64xf32>, %q: !tile.view<?x?xbf16>, %k: !tile.view<?x?xbf16>, %steps: index) attributes {tile.kernel, tile.copies_only} {
  %zeros = tile.constant dense<0.000000e+00> : !tile.tile<64x64xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %block = tile.program_id 0 : i32
  %queries = tile.load %q[%block, %c0_i32] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%sum = %zeros) -> (!tile.tile<64x64xf32>) {
    %step = arith.index_cast %i : index to i32
    %keys = tile.load %k[%step, %c0_i32] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %keysT = tile.permute %keys [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %scores = tile.dot %queries, %keysT, %zeros : !tile.tile<64x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<64x64xf32>
    %next = tile.add %sum, %scores : !tile.tile<64x64xf32>
    scf.yield %next : !tile.tile<64x64xf32>
  }
  tile.store %r, %out : !tile.tile<64x64xf32>, !tile.piece<64x64xf32>
  return
}

// -----

// A tile of two dimensions of extent above 1 before the contiguous one is
// no box of the copy engine's: the loop stays as it is.
// LAYOUT-LABEL: func.func @two_row_dimensions
// LAYOUT-NOT: tile.tensor_maps
// LAYOUT-NOT: tile.wgmma_register_a
// LAYOUT: tile.dot {{.*}} {tile.wgmma}
// LAYOUT-NOT: tilegpu.register_staged_dot
// LAYOUT: return
func.func @two_row_dimensions(%out: !tile.piece<64x64xf32>, %q: !tile.view<?x?xbf16>, %k: !tile.view<?x?x?xbf16>, %steps: index) attributes {tile.kernel} {
  %zeros = tile.constant dense<0.000000e+00> : !tile.tile<64x64xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %block = tile.program_id 0 : i32
  %queries = tile.load %q[%block, %c0_i32] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%sum = %zeros) -> (!tile.tile<64x64xf32>) {
    %step = arith.index_cast %i : index to i32
    %k3 = tile.load %k[%step, %c0_i32, %c0_i32] : !tile.view<?x?x?xbf16> -> !tile.tile<2x32x64xbf16>
    %keys = tile.reshape %k3 : !tile.tile<2x32x64xbf16> to !tile.tile<64x64xbf16>
    %keysT = tile.permute %keys [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %scores = tile.dot %queries, %keysT, %zeros : !tile.tile<64x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<64x64xf32>
    %next = tile.add %sum, %scores : !tile.tile<64x64xf32>
    scf.yield %next : !tile.tile<64x64xf32>
  }
  tile.store %r, %out : !tile.tile<64x64xf32>, !tile.piece<64x64xf32>
  return
}
