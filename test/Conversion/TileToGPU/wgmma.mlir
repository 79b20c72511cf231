// RUN: tile-opt %s --tile-transforms="wgmma=true" --split-input-file | FileCheck %s --check-prefix=LAYOUT
// RUN: tile-opt %s --tile-transforms="wgmma=true" --convert-tile-to-gpu -canonicalize --split-input-file | FileCheck %s --check-prefix=GPU
// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s --check-prefix=SYNC

// With wgmma (sm_90a) a dot of four warps runs as warpgroup products: the
// operands, loaded a step ahead by the kernel itself (so that the compiler
// leaves the loads alone), stay in their load layouts and go to shared
// memory, the
// accumulator takes wgmma's fragments (warps over row bits 4 and 5 of the
// 128x64 result, row bit 6 in a register: two 64-row blocks). In the loop
// nothing is converted. The dot is the loop's accumulation step, so it is
// chained: its products run on into the next iteration, and the loop's
// result is read through tilegpu.dot_wait.
// LAYOUT-LABEL: func.func @linear_bf16
// LAYOUT: scf.for
// LAYOUT-NOT: tile.convert_layout
// LAYOUT: tile.dot {{.*}} {tile.wgmma, tile.wgmma_chained} : <128x64xbf16, {{.*}}>, <64x64xbf16, {{.*}}> -> <128x64xf32, #tile.layout<registers = [0, 9, 3, 4, 5, 12], lanes = [1, 2, 6, 7, 8], warps = [10, 11]>>
// LAYOUT-NEXT: scf.yield
// LAYOUT: %[[DONE:.*]] = tilegpu.dot_wait %{{.*}} : <128x64xf32, #tile.layout<registers = [0, 9, 3, 4, 5, 12], lanes = [1, 2, 6, 7, 8], warps = [10, 11]>>
// LAYOUT: tile.convert_layout %[[DONE]]
// The buffer holds two sets of operands (24 KiB each: `a` 16 KiB, then
// `b` 8 KiB), aligned for the 128-byte swizzle; odd iterations use the
// second. Each operand is written swizzled (chunk bits 3-5 XOR line bits
// 6-8), made visible to the async proxy, then read by eight products per
// step: two 64-row blocks by four 16-reduction steps, each a 64x64x16
// wgmma on K-major descriptors (leading offset 1, 1024 bytes between row
// groups, 128-byte swizzle). Only the previous iteration's products are
// waited for in the loop; after it, all of them, through inline PTX that
// takes and gives back the 64 accumulator registers, and a barrier.
// GPU: llvm.mlir.global internal @linear_bf16_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<49152 x i8>
// GPU-LABEL: gpu.func @linear_bf16
// GPU-DAG: %[[SWIZZLE:.*]] = arith.constant 4611686293305360384 : i64
// GPU-DAG: %[[STRIDE:.*]] = arith.constant 24576 : i32
// GPU: scf.for %[[I:[a-z0-9_]+]] = {{.*}} -> (vector<64xf32>, vector<64xbf16>, vector<32xbf16>)
// GPU: %[[PARITY:.*]] = arith.andi %[[I]], %{{.*}} : i32
// GPU-NEXT: %[[SET:.*]] = arith.muli %[[PARITY]], %[[STRIDE]] : i32
// GPU-NEXT: llvm.getelementptr %{{.*}}[%[[SET]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// GPU: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
// GPU: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// GPU-NEXT: gpu.barrier
// GPU: arith.ori %{{.*}}, %[[SWIZZLE]] : i64
// GPU: nvvm.wgmma.fence.aligned
// GPU-COUNT-8: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 16>, D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>]
// GPU-NOT: nvvm.wgmma.mma_async
// GPU: nvvm.wgmma.commit.group.sync.aligned
// GPU-NEXT: nvvm.wgmma.wait.group.sync.aligned 1
// GPU: gpu.barrier
// GPU-NEXT: scf.yield
// GPU: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;", "{{(=f,)+}}0,1,2,{{.*}},62,63" {{.*}} -> !llvm.struct<(f32, {{.*}})>
// Then a barrier, before the shared buffer is used again: another warpgroup
// may still be waiting for products that read it.
// GPU: gpu.barrier
// GPU-NEXT: gpu.thread_id
// Without wgmma the same dot runs on mma.sync.
// SYNC-LABEL: gpu.func @linear_bf16
// SYNC-NOT: nvvm.wgmma
// SYNC-NOT: tilegpu.dot_wait
// SYNC: nvvm.mma.sync
func.func @linear_bf16(%out: !tile.piece<128x64xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %x0 = tile.load %a[%p, %c0] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
  %y0 = tile.load %w[%p, %c0] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
  %acc:3 = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init, %x = %x0, %y = %y0) -> (!tile.tile<128x64xf32>, !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16>) : i32 {
    %next = arith.addi %i, %c1 : i32
    %nx = tile.load %a[%p, %next] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %ny = tile.load %w[%p, %next] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %d = tile.dot %x, %yt, %sum : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    scf.yield %d, %nx, %ny : !tile.tile<128x64xf32>, !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16>
  }
  tile.store %acc#0, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}

// -----

// 32 reductions of f16 make 64-byte lines: the 64-byte swizzle (chunk bits
// 3-4 XOR line bits 6-7; descriptor mode 2, 512 bytes between row groups).
// `b` is loaded with runs along its rows, so it goes N-major (read
// transposed: layout row), one panel of its 32 columns (2048 bytes, the
// descriptor's leading offset, 128 units). Eight warps, two warpgroups:
// they split the 128 rows, each one 64-row block of 32 columns, two
// 16-reduction steps. Outside a loop the dot waits for its products.
// LAYOUT-LABEL: func.func @f16_two_groups
// LAYOUT: tile.dot {{.*}} {tile.wgmma} {{.*}} -> <128x32xf32, #tile.layout<registers = [0, 8, 3, 4], lanes = [1, 2, 5, 6, 7], warps = [9, 10, 11]>>
// GPU-LABEL: gpu.func @f16_two_groups
// GPU-DAG: arith.constant -9223371899415756800 : i64
// GPU-DAG: arith.constant -9223371899407433728 : i64
// GPU-DAG: %[[LINES:.*]] = arith.constant 3 : i32
// GPU: arith.andi %{{.*}}, %[[LINES]] : i32
// GPU: nvvm.fence.proxy
// GPU-COUNT-2: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 32, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// GPU-NOT: nvvm.wgmma.mma_async
// GPU: nvvm.wgmma.wait.group.sync.aligned 0
// GPU-NOT: llvm.inline_asm
func.func @f16_two_groups(%out: !tile.piece<128x32xf32>, %a: !tile.view<?x?xf16>, %w: !tile.view<?x?xf16>) attributes {tile.kernel, tile.max_threads = 256 : i64} {
  %p = tile.program_id 0 : i32
  %x = tile.load %a[%p, %p] : !tile.view<?x?xf16> -> !tile.tile<128x32xf16>
  %y = tile.load %w[%p, %p] : !tile.view<?x?xf16> -> !tile.tile<32x32xf16>
  %z = tile.load_piece %out : !tile.piece<128x32xf32> -> !tile.tile<128x32xf32>
  %d = tile.dot %x, %y, %z : !tile.tile<128x32xf16>, !tile.tile<32x32xf16> -> !tile.tile<128x32xf32>
  tile.store %d, %out : !tile.tile<128x32xf32>, !tile.piece<128x32xf32>
  return
}

// -----

// A dot too small for a warpgroup (one warp: fewer than 64 rows) stays on
// mma.sync.
// LAYOUT-LABEL: func.func @too_small
// LAYOUT-NOT: tile.wgmma
// GPU-LABEL: gpu.func @too_small
// GPU-NOT: nvvm.wgmma
// GPU: nvvm.mma.sync
func.func @too_small(%out: !tile.piece<16x8xf32>, %a: !tile.view<?x?xbf16>, %b: !tile.view<?x?xbf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %x = tile.load %a[%p, %p] : !tile.view<?x?xbf16> -> !tile.tile<16x16xbf16>
  %y = tile.load %b[%p, %p] : !tile.view<?x?xbf16> -> !tile.tile<16x8xbf16>
  %z = tile.load_piece %out : !tile.piece<16x8xf32> -> !tile.tile<16x8xf32>
  %d = tile.dot %x, %y, %z : !tile.tile<16x16xbf16>, !tile.tile<16x8xbf16> -> !tile.tile<16x8xf32>
  tile.store %d, %out : !tile.tile<16x8xf32>, !tile.piece<16x8xf32>
  return
}

// -----

// Two accumulations in one loop share the shared buffer: the products of
// one must not run on while the other writes its operands there, so
// neither is chained, and each waits for its products.
// LAYOUT-LABEL: func.func @two_accumulations
// LAYOUT-NOT: tile.wgmma_chained
// LAYOUT-NOT: tilegpu.dot_wait
// LAYOUT: return
// GPU-LABEL: gpu.func @two_accumulations
// GPU: scf.for
// GPU-NOT: nvvm.wgmma.wait.group.sync.aligned 1
// GPU: nvvm.wgmma.wait.group.sync.aligned 0
// GPU: nvvm.wgmma.wait.group.sync.aligned 0
// GPU: scf.yield
// GPU-NOT: llvm.inline_asm
func.func @two_accumulations(%out: !tile.piece<128x64xf32>, %out2: !tile.piece<128x64xf32>, %a: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %n: i32) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %acc:2 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %init, %t = %init) -> (!tile.tile<128x64xf32>, !tile.tile<128x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<128x64xbf16>
    %y = tile.load %w[%p, %i] : !tile.view<?x?xbf16> -> !tile.tile<64x64xbf16>
    %yt = tile.permute %y [1, 0] : !tile.tile<64x64xbf16> to !tile.tile<64x64xbf16>
    %d = tile.dot %x, %yt, %s : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    %e = tile.dot %x, %y, %t : !tile.tile<128x64xbf16>, !tile.tile<64x64xbf16> -> !tile.tile<128x64xf32>
    scf.yield %d, %e : !tile.tile<128x64xf32>, !tile.tile<128x64xf32>
  }
  tile.store %acc#0, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  tile.store %acc#1, %out2 : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}
