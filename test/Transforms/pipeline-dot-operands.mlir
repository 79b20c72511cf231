// RUN: tile-opt %s --tile-copy-fallbacks --tile-assign-layouts="wgmma=true" --tile-chain-dots --tile-pipeline-dot-operands --split-input-file | FileCheck %s --check-prefix=LAYOUT
// RUN: tile-opt %s --tile-transforms="wgmma=true" --convert-tile-to-gpu -canonicalize --split-input-file | FileCheck %s --check-prefix=GPU
// RUN: not tile-opt %s --tile-pipeline-dot-operands --split-input-file 2>&1 | FileCheck %s --check-prefix=NO-LAYOUTS

// The pass needs the layouts (and the products' marks) of tile-assign-layouts.
// NO-LAYOUTS: error: 'func.func' op has no thread layouts; run tile-assign-layouts before tile-pipeline-dot-operands

// A loop's accumulation step over tiles it loads, from views that are
// kernel parameters, gets its operands from the tensor copy engine: the
// kernel takes a tensor map of each view last (`tile.tensor_maps` says
// which view, the box and the swizzle). Four stages of 24 KiB, `a`'s then
// `b`'s, then the `full` barriers (one arrival, the bytes of the copies)
// and the `empty` ones (one arrival per warpgroup). The copies of iterations
// 0 and 1 start before the loop; iteration i waits for its stage, multiplies
// it, releases the stage of i - 1, and, while i + 2 is inside the loop,
// the copying thread waits for the release of that stage and starts its
// copies.
// LAYOUT-LABEL: func.func @linear_tensor_copies
// LAYOUT-SAME: %[[AMAP:[a-z0-9]+]]: !tilegpu.tensor_map, %[[BMAP:[a-z0-9]+]]: !tilegpu.tensor_map)
// LAYOUT-SAME: tile.tensor_maps = [#tilegpu.tensor_map<view = 1, box = [128, 64], swizzle = 128>, #tilegpu.tensor_map<view = 2, box = [64, 64], swizzle = 128>]
// LAYOUT: %[[A:.*]] = tilegpu.shared_alloc {offset = 0 : i64} : <4x128x64xbf16>
// LAYOUT: %[[B:.*]] = tilegpu.shared_alloc {offset = 65536 : i64} : <4x64x64xbf16>
// LAYOUT: %[[FULL:.*]] = tilegpu.barrier_alloc {arrivals = 1 : i32, offset = 98304 : i64} : <4>
// LAYOUT: %[[EMPTY:.*]] = tilegpu.barrier_alloc {arrivals = 1 : i32, offset = 98336 : i64} : <4>
// LAYOUT: tilegpu.barrier_expect %[[FULL]][%{{.*}}] {bytes = 24576 : i64} : <4>
// LAYOUT-NEXT: tilegpu.copy_tensor %[[AMAP]][%{{.*}}, %{{.*}}], %[[A]][%{{.*}}], %[[FULL]][%{{.*}}] : <4x128x64xbf16>, <4>
// LAYOUT-NEXT: tilegpu.copy_tensor %[[BMAP]][%{{.*}}, %{{.*}}], %[[B]][%{{.*}}], %[[FULL]][%{{.*}}] : <4x64x64xbf16>, <4>
// LAYOUT: tilegpu.barrier_expect %[[FULL]]
// LAYOUT: scf.for %[[I:[a-z0-9_]+]] =
// LAYOUT-NOT: tile.load
// LAYOUT-NOT: tilegpu.copy_async
// LAYOUT: tilegpu.barrier_wait %[[FULL]][%[[S:.*]]], %{{.*}} : <4>
// LAYOUT-NEXT: tilegpu.staged_dot %[[A]], %[[B]], %{{.*}} stage %[[S]]
// LAYOUT: scf.if
// LAYOUT: tilegpu.barrier_arrive %[[EMPTY]]
// LAYOUT: %[[AHEAD:.*]] = arith.addi %[[I]], %{{.*}} : i32
// LAYOUT: %[[INSIDE:.*]] = arith.cmpi slt, %[[AHEAD]], %{{.*}} : i32
// LAYOUT: scf.if %[[INSIDE]]
// LAYOUT: tilegpu.barrier_wait %[[EMPTY]][%{{.*}}], %{{.*}} {copier} : <4>
// LAYOUT: tilegpu.barrier_expect %[[FULL]]
// LAYOUT-NEXT: tilegpu.copy_tensor %[[AMAP]][%{{.*}}, %[[AHEAD]]]
// LAYOUT-NEXT: tilegpu.copy_tensor %[[BMAP]][%{{.*}}, %[[AHEAD]]]
// LAYOUT: tilegpu.copy_wait {pending = 0 : i32}
// LAYOUT-NEXT: tilegpu.barrier_inval %[[FULL]] : <4>
// LAYOUT-NEXT: tilegpu.barrier_inval %[[EMPTY]] : <4>
// LAYOUT-NEXT: tilegpu.dot_wait
// On the GPU the maps are generic pointers (the parameters themselves once
// in LLVM); one thread initializes the barriers, expects the bytes and
// starts the copies, into the program's shared memory as the cluster's
// window names it. The kernel names its twin, compiled with cp.async for
// views the copy engine cannot read.
// GPU-LABEL: gpu.func @linear_tensor_copies(
// GPU-SAME: %[[AMAP:[a-z0-9]+]]: !llvm.ptr, %[[BMAP:[a-z0-9]+]]: !llvm.ptr) kernel
// GPU-SAME: tile.fallback_entry = "linear_tensor_copies_copies"
// GPU-SAME: tile.tensor_maps = [#tilegpu.tensor_map<view = 1, box = [128, 64], swizzle = 128>, #tilegpu.tensor_map<view = 2, box = [64, 64], swizzle = 128>]
// GPU: scf.if
// GPU-NEXT: nvvm.mbarrier.init %{{.*}}, %c1_i32 : !llvm.ptr<3>, i32
// GPU: nvvm.fence.mbarrier.init
// GPU: gpu.barrier
// GPU: nvvm.mbarrier.init %{{.*}}, %c1_i32 : !llvm.ptr<3>, i32
// GPU: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %c24576_i32 : !llvm.ptr<3>, i32
// GPU: llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
// GPU-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[AMAP]], %{{.*}}, box[%c0_i32, %{{.*}}] : !llvm.ptr<7>, !llvm.ptr
// GPU: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %[[BMAP]], %{{.*}}, box[%c0_i32, %{{.*}}] : !llvm.ptr<7>, !llvm.ptr
// GPU: scf.for
// GPU: nvvm.mbarrier.try_wait.parity %{{.*}}, %{{.*}}, %c10000000_i32 : !llvm.ptr<3>, i32, i32
// GPU: nvvm.wgmma.wait.group.sync.aligned 1
// Each warpgroup's first thread releases the stage of the step before.
// GPU: arith.andi %{{.*}}, %c127_i32 : i32
// GPU: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3>
// GPU: scf.if
// GPU: scf.if
// GPU-NEXT: nvvm.mbarrier.try_wait.parity
// GPU: nvvm.mbarrier.arrive.expect_tx
// GPU: nvvm.cp.async.bulk.tensor.shared.cluster.global
// GPU: nvvm.cp.async.bulk.tensor.shared.cluster.global
// After the loop, once every thread is past it, one thread invalidates the
// four barriers of each ring, and every thread meets again.
// GPU: nvvm.cp.async.wait.group 0
// GPU: gpu.barrier
// GPU: scf.if
// GPU-COUNT-4: nvvm.mbarrier.inval
// GPU: gpu.barrier
// GPU: scf.if
// GPU-COUNT-4: nvvm.mbarrier.inval
// GPU: gpu.barrier
// GPU-LABEL: gpu.func @linear_tensor_copies_copies(
// GPU-NOT: !llvm.ptr) kernel
// GPU-NOT: nvvm.cp.async.bulk
// GPU: nvvm.cp.async.shared.global
func.func @linear_tensor_copies(%out: !tile.piece<128x64xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %q = tile.program_id 1 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<128x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%q, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %d = tile.dot %x, %yt, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    scf.yield %d : !tile.tile<128x64xf32>
  }
  tile.store %acc, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}

// -----

// A kernel marked `tile.copies_only` (the twin of one the copy engine
// feeds) copies with cp.async instead: the same stages, 24 KiB each (`a`
// 16 KiB, `b` 8 KiB), four of
// them, `a`'s then `b`'s. The copies of iterations 0 and 1 start before the
// loop; iteration i waits for its own (one group may stay in flight),
// starts those of iteration i + 2 into stage (i + 2) % 4, and multiplies
// stage i % 4. The loads and the transpose are gone; after the loop every
// copy is waited for, then the products.
// LAYOUT-LABEL: func.func @linear_bf16
// LAYOUT: %[[A:.*]] = tilegpu.shared_alloc {offset = 0 : i64} : <4x128x64xbf16>
// LAYOUT: %[[B:.*]] = tilegpu.shared_alloc {offset = 65536 : i64} : <4x64x64xbf16>
// LAYOUT: tilegpu.copy_async %arg1[%{{.*}}, %{{.*}}], %[[A]][%{{.*}}] {layout = #tile.layout<registers = [0, 1, 2, 10, 11, 12], lanes = [3, 4, 5, 6, 7], warps = [8, 9]>} : <?x?xbf16>, <4x128x64xbf16>
// LAYOUT: tilegpu.copy_async %arg2[%{{.*}}, %{{.*}}], %[[B]][%{{.*}}] {layout = #tile.layout<registers = [0, 1, 2, 10, 11], lanes = [3, 4, 5, 6, 7], warps = [8, 9]>} : <?x?xbf16>, <4x64x64xbf16>
// LAYOUT-NEXT: tilegpu.copy_commit
// LAYOUT: tilegpu.copy_async
// LAYOUT: tilegpu.copy_async
// LAYOUT-NEXT: tilegpu.copy_commit
// LAYOUT: scf.for %[[I:[a-z0-9_]+]] =
// LAYOUT-NOT: tile.load
// LAYOUT-NOT: tile.permute
// LAYOUT: tilegpu.copy_wait {pending = 1 : i32}
// LAYOUT: %[[AHEAD:.*]] = arith.addi %[[I]], %{{.*}} : i32
// LAYOUT: tilegpu.copy_async %arg1[%{{.*}}, %[[AHEAD]]], %[[A]]
// LAYOUT: tilegpu.copy_async %arg2[%{{.*}}, %[[AHEAD]]], %[[B]]
// LAYOUT-NEXT: tilegpu.copy_commit
// LAYOUT: tilegpu.staged_dot %[[A]], %[[B]], %{{.*}} stage %{{.*}} : <4x128x64xbf16>, <4x64x64xbf16> -> <128x64xf32, #tile.layout<registers = [0, 9, 3, 4, 5, 12], lanes = [1, 2, 6, 7, 8], warps = [10, 11]>>
// LAYOUT-NEXT: scf.yield
// LAYOUT: tilegpu.copy_wait {pending = 0 : i32}
// LAYOUT-NEXT: tilegpu.dot_wait
// The stages are dynamic shared memory (96 KiB). Each thread copies 16-byte
// runs with cp.async (the bytes inside the tensor, zeros past it), or, where
// the tensor's address or strides forbid 16-byte copies, loads and stores
// them. The wait makes the copies visible to the tensor cores, then to
// every thread; the products read K-major stages (128-byte swizzle).
// GPU: llvm.mlir.global external @linear_bf16_shared() {addr_space = 3 : i32, alignment = 1024 : i64, tile.dynamic_shared_bytes = 98304 : i64} : !llvm.array<0 x i8>
// GPU-LABEL: gpu.func @linear_bf16
// GPU: scf.if
// GPU-NEXT: arith.minsi
// GPU: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache =  cg, %{{.*}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// GPU-NEXT: } else {
// GPU: llvm.intr.masked.load
// GPU-NEXT: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
// GPU: nvvm.cp.async.commit.group
// GPU: nvvm.cp.async.commit.group
// GPU: scf.for
// GPU: nvvm.cp.async.wait.group 1
// GPU-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// GPU-NEXT: gpu.barrier
// GPU-COUNT-6: nvvm.cp.async.shared.global
// GPU: nvvm.cp.async.commit.group
// GPU-NOT: gpu.barrier
// GPU-NOT: llvm.store
// GPU: nvvm.wgmma.fence.aligned
// GPU-COUNT-8: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>]
// GPU: nvvm.wgmma.commit.group.sync.aligned
// GPU-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
// GPU-NOT: gpu.barrier
// GPU: scf.yield
// GPU: nvvm.cp.async.wait.group 0
// GPU: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;"
func.func @linear_bf16(%out: !tile.piece<128x64xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel, tile.copies_only} {
  %p = tile.program_id 0 : i32
  %q = tile.program_id 1 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<128x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%q, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %d = tile.dot %x, %yt, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    scf.yield %d : !tile.tile<128x64xf32>
  }
  tile.store %acc, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}

// -----

// Stages of 64 KiB fit three times: one iteration's copies run ahead. The
// index computed in the loop from its induction variable is computed again
// for the iteration ahead.
// LAYOUT-LABEL: func.func @three_stages
// LAYOUT: tilegpu.shared_alloc {offset = 0 : i64} : <3x128x128xbf16>
// LAYOUT: tilegpu.shared_alloc {offset = 98304 : i64} : <3x128x128xbf16>
// LAYOUT: scf.for %[[I:[a-z0-9_]+]] =
// LAYOUT: tilegpu.copy_wait {pending = 0 : i32}
// LAYOUT: %[[AHEAD:.*]] = arith.addi %[[I]], %{{.*}} : i32
// LAYOUT-NEXT: %[[K:.*]] = arith.muli %[[AHEAD]], %{{.*}} : i32
// LAYOUT: tilegpu.copy_async %arg1[%{{.*}}, %[[K]]]
// LAYOUT: tilegpu.staged_dot
// GPU-LABEL: gpu.func @three_stages
// GPU: nvvm.cp.async.wait.group 0
func.func @three_stages(%out: !tile.piece<128x128xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel, tile.copies_only} {
  %p = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x128xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<128x128xf32>) : i32 {
    %k = arith.muli %i, %c2 : i32
    %x = tile.load %a[%p, %k] : !tile.view<?x?xbf16> -> !tile.tile<128x128xbf16>
    %y = tile.load %w[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x128xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<128x128xbf16> to !tile.tile<128x128xbf16>
    %d = tile.dot %x, %yt, %sum : !tile.tile<128x128xbf16>, !tile.tile<128x128xbf16> -> !tile.tile<128x128xf32>
    scf.yield %d : !tile.tile<128x128xf32>
  }
  tile.store %acc, %out : !tile.tile<128x128xf32>, !tile.piece<128x128xf32>
  return
}

// -----

// A batched product: tiles of views of three dimensions, reshaped to
// matrices, `b` loaded KxN (N-major, not transposed). The copy engine
// brings both in, with boxes of the views' rank.
// LAYOUT-LABEL: func.func @batched
// LAYOUT-SAME: tile.tensor_maps = [#tilegpu.tensor_map<view = 1, box = [1, 128, 64], swizzle = 128>, #tilegpu.tensor_map<view = 2, box = [1, 64, 64], swizzle = 128>]
// LAYOUT: %[[A:.*]] = tilegpu.shared_alloc {offset = 0 : i64} : <4x128x64xbf16>
// LAYOUT: %[[B:.*]] = tilegpu.shared_alloc {offset = 65536 : i64} : <4x64x128xbf16>
// LAYOUT: tilegpu.copy_tensor %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %[[A]]
// LAYOUT: tilegpu.copy_tensor %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %[[B]]
// LAYOUT: scf.for
// LAYOUT: tilegpu.staged_dot %[[A]], %[[B]], %{{.*}} stage %{{.*}} {b_n_major} : <4x128x64xbf16>, <4x64x128xbf16> -> <128x128xf32
// LAYOUT-NOT: tile.dot %
// Its cp.async twin, which the runtime launches where the copy engine
// cannot read a view, keeps the chained product: cp.async copies only
// matrices of matrix views.
// LAYOUT-LABEL: func.func @batched_copies
// LAYOUT-SAME: tile.copies_only
// LAYOUT: tile.dot {{.*}} {tile.wgmma, tile.wgmma_chained}
// GPU-LABEL: gpu.func @batched
// GPU: scf.for
// GPU: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <row>]
func.func @batched(%out: !tile.piece<1x128x128xf32>, %a: !tile.view<?x?x?xbf16>, %x: !tile.view<?x?x?xbf16>, %n: i32) attributes {tile.kernel, tile.max_threads = 256 : i64} {
  %b = tile.program_id 0 : i32
  %p = tile.program_id 1 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x128xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<128x128xf32>) : i32 {
    %l = tile.load %a[%b, %p, %i] : !tile.view<?x?x?xbf16> -> !tile.tile<1x128x64xbf16>
    %r = tile.load %x[%b, %i, %p] : !tile.view<?x?x?xbf16> -> !tile.tile<1x64x128xbf16>
    %lm = tile.reshape %l : !tile.tile<1x128x64xbf16> to !tile.tile<128x64xbf16>
    %rm = tile.reshape %r : !tile.tile<1x64x128xbf16> to !tile.tile<64x128xbf16>
    %d = tile.dot %lm, %rm, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x128xbf16> -> !tile.tile<128x128xf32>
    scf.yield %d : !tile.tile<128x128xf32>
  }
  %result = tile.reshape %acc : !tile.tile<128x128xf32> to !tile.tile<1x128x128xf32>
  tile.store %result, %out : !tile.tile<1x128x128xf32>, !tile.piece<1x128x128xf32>
  return
}

// -----

// Operands that do not come straight from loads the loop can start ahead
// keep the register path: `b` loaded KxN where the copy engine cannot
// bring it (cp.async stages only K-major `b`), a tile loaded at an index
// the loop carries, a tile with other users, and a load padded with
// something else than zeros. Each of the four dots is still chained.
// LAYOUT-LABEL: func.func @kept
// LAYOUT-COUNT-4: tile.wgmma_chained
// LAYOUT-NOT: tilegpu.copy_async
// LAYOUT-NOT: tilegpu.staged_dot
// LAYOUT: return
func.func @kept(%out: !tile.piece<128x64xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel, tile.copies_only} {
  %p = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %r0 = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<128x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%i, %p] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %d = tile.dot %x, %y, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    scf.yield %d : !tile.tile<128x64xf32>
  }
  %r1:2 = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %r0, %j = %c0) -> (!tile.tile<128x64xf32>, i32) : i32 {
    %x = tile.load %a[%p, %j] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %d = tile.dot %x, %yt, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    %jn = arith.addi %j, %c1 : i32
    scf.yield %d, %jn : !tile.tile<128x64xf32>, i32
  }
  %none = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %x0 = tile.cast %none : !tile.tile<128x64xf32> to !tile.tile<128x64xbf16>
  %r2:2 = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %r1#0, %last = %x0) -> (!tile.tile<128x64xf32>, !tile.tile<128x64xbf16>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %d = tile.dot %x, %yt, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    scf.yield %d, %x : !tile.tile<128x64xf32>, !tile.tile<128x64xbf16>
  }
  %r3 = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %r2#0) -> (!tile.tile<128x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] padding 1.0 : bf16 : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %d = tile.dot %x, %yt, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    scf.yield %d : !tile.tile<128x64xf32>
  }
  tile.store %r3, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}

// -----

// LAYOUT-LABEL: func.func @too_large
// LAYOUT: tile.wgmma_chained
// LAYOUT-NOT: tilegpu.copy_async
// LAYOUT: return
func.func @too_large(%out: !tile.piece<128x256xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel, tile.max_threads = 256 : i64} {
  %p = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x256xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<128x256xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x128xbf16>
    %y = tile.load %w[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<256x128xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<256x128xbf16> to !tile.tile<128x256xbf16>
    %d = tile.dot %x, %yt, %sum : !tile.tile<128x128xbf16>, !tile.tile<128x256xbf16> -> !tile.tile<128x256xf32>
    scf.yield %d : !tile.tile<128x256xf32>
  }
  tile.store %acc, %out : !tile.tile<128x256xf32>, !tile.piece<128x256xf32>
  return
}

// -----

// TILE_STAGES (tile.stages) sets the ring's depth: six stages of 24 KiB,
// whose first four the copies before the loop fill.
// LAYOUT-LABEL: func.func @deeper_ring
// LAYOUT: tilegpu.shared_alloc {offset = 0 : i64} : <6x128x64xbf16>
// LAYOUT: tilegpu.shared_alloc {offset = 98304 : i64} : <6x64x64xbf16>
// LAYOUT: tilegpu.barrier_alloc {arrivals = 1 : i32, offset = 147456 : i64} : <6>
// LAYOUT-COUNT-4: tilegpu.copy_tensor %{{.*}} : <6x128x64xbf16>, <6>
// LAYOUT: scf.for
// A hint past what shared memory holds gets what fits: 227 KiB hold nine
// stages of 24 KiB, so eight.
// LAYOUT-LABEL: func.func @capped_ring
// LAYOUT: tilegpu.shared_alloc {offset = 0 : i64} : <8x128x64xbf16>
func.func @deeper_ring(%out: !tile.piece<128x64xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel, tile.stages = 6 : i64} {
  %p = tile.program_id 0 : i32
  %q = tile.program_id 1 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<128x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%q, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %d = tile.dot %x, %yt, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    scf.yield %d : !tile.tile<128x64xf32>
  }
  tile.store %acc, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}

func.func @capped_ring(%out: !tile.piece<128x64xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel, tile.stages = 8 : i64} {
  %p = tile.program_id 0 : i32
  %q = tile.program_id 1 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<128x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%q, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %d = tile.dot %x, %yt, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    scf.yield %d : !tile.tile<128x64xf32>
  }
  tile.store %acc, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}
