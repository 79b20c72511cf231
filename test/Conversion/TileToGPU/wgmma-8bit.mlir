// RUN: tile-opt %s --tile-transforms="wgmma=true" --split-input-file | FileCheck %s --check-prefix=LAYOUT
// RUN: tile-opt %s --tile-transforms="wgmma=true" --convert-tile-to-gpu -canonicalize --split-input-file | FileCheck %s --check-prefix=GPU

// 8-bit operands multiply as warpgroup products only, K-major only, 32
// reductions a step. A loop's int8 accumulation step whose `b` is
// transposed (K-major) is pipelined like a bf16 one: the copy engine fills
// stages whose lines are 128 one-byte elements (128-byte swizzle, the
// bytes of a bf16 panel), and each
// staged product sums into i32 registers (two 64-row blocks by four
// 32-reduction steps), waited for through inline PTX of i32 registers.
// LAYOUT-LABEL: func.func @int8_tensor_copies
// LAYOUT-SAME: tile.tensor_maps = [#tilegpu.tensor_map<view = 1, box = [128, 128], swizzle = 128>, #tilegpu.tensor_map<view = 2, box = [64, 128], swizzle = 128>]
// LAYOUT: tilegpu.shared_alloc {offset = 0 : i64} : <4x128x128xi8>
// LAYOUT: tilegpu.shared_alloc {offset = 65536 : i64} : <4x64x128xi8>
// LAYOUT: tilegpu.staged_dot {{.*}} : <4x128x128xi8>, <4x64x128xi8> -> <128x64xi32, #tile.layout<registers = [0, 9, 3, 4, 5, 12], lanes = [1, 2, 6, 7, 8], warps = [10, 11]>>
// LAYOUT: tilegpu.dot_wait %{{.*}} : <128x64xi32
// GPU-LABEL: gpu.func @int8_tensor_copies(
// GPU: scf.for
// GPU-COUNT-8: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 32>, D[<s32>, <one>], A[<s8>, <one>, <row>], B[<s8>, <one>, <col>]
// GPU-NOT: nvvm.wgmma.mma_async
// GPU: scf.yield
// GPU: llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;", "{{(=r,)+}}0,1,2,{{.*}},62,63" {{.*}} -> !llvm.struct<(i32, {{.*}})>
// GPU-LABEL: gpu.func @int8_tensor_copies_copies(
// GPU: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<16xi8>, !llvm.ptr<3>
func.func @int8_tensor_copies(%out: !tile.piece<128x64xi32>, %a: !tile.view<?x?xi8>, %w: !tile.view<?x?xi8>, %n: i32) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %q = tile.program_id 1 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %init = tile.splat %zero : i32 -> !tile.tile<128x64xi32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<128x64xi32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xi8> -> !tile.tile<128x128xi8>
    %y = tile.load %w[%q, %i] : !tile.view<?x?xi8> -> !tile.tile<64x128xi8>
    %yt = tile.permute %y [1, 0] : !tile.tile<64x128xi8> to !tile.tile<128x64xi8>
    %d = tile.dot %x, %yt, %sum : !tile.tile<128x128xi8>, !tile.tile<128x64xi8> -> !tile.tile<128x64xi32>
    scf.yield %d : !tile.tile<128x64xi32>
  }
  tile.store %acc, %out : !tile.tile<128x64xi32>, !tile.piece<128x64xi32>
  return
}

// -----

// `b` loaded KxN cannot be staged N-major as 16-bit operands are: the
// products write it to shared memory K-major themselves, and read fp8 from
// both descriptors into f32.
// LAYOUT-LABEL: func.func @fp8_n_major
// LAYOUT-NOT: tilegpu.staged_dot
// LAYOUT: tile.dot {{.*}} {tile.wgmma, tile.wgmma_chained} : <128x64xf8E4M3FN, {{.*}}>, <64x64xf8E4M3FN, {{.*}}> -> <128x64xf32
// GPU-LABEL: gpu.func @fp8_n_major
// GPU: llvm.store %{{.*}}, %{{.*}} {alignment = 1 : i64} : vector<1xi8>, !llvm.ptr<3>
// GPU-COUNT-4: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 32>, D[<f32>, <one>], A[<e4m3>, <one>, <row>], B[<e4m3>, <one>, <col>]
// GPU-NOT: nvvm.wgmma.mma_async
func.func @fp8_n_major(%out: !tile.piece<128x64xf32>, %a: !tile.view<?x?xf8E4M3FN>, %w: !tile.view<?x?xf8E4M3FN>, %n: i32) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %init = tile.splat %zero : f32 -> !tile.tile<128x64xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%sum = %init) -> (!tile.tile<128x64xf32>) : i32 {
    %x = tile.load %a[%p, %i] : !tile.view<?x?xf8E4M3FN> -> !tile.tile<128x64xf8E4M3FN>
    %y = tile.load %w[%i, %p] : !tile.view<?x?xf8E4M3FN> -> !tile.tile<64x64xf8E4M3FN>
    %d = tile.dot %x, %y, %sum : !tile.tile<128x64xf8E4M3FN>, !tile.tile<64x64xf8E4M3FN> -> !tile.tile<128x64xf32>
    scf.yield %d : !tile.tile<128x64xf32>
  }
  tile.store %acc, %out : !tile.tile<128x64xf32>, !tile.piece<128x64xf32>
  return
}

// -----

// Unsigned bytes multiply as u8; one step of 32 reductions, waited for
// at once.
// LAYOUT-LABEL: func.func @uint8_once
// LAYOUT: tile.dot {{.*}} {tile.wgmma} : <64x32xui8
// GPU-LABEL: gpu.func @uint8_once
// GPU: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 32>, D[<s32>, <one>], A[<u8>, <one>, <row>], B[<u8>, <one>, <col>]
// GPU-NEXT: nvvm.wgmma.commit.group.sync.aligned
// GPU-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
func.func @uint8_once(%out: !tile.piece<64x64xi32>, %a: !tile.view<?x?xui8>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %x = tile.load %a[%p, %p] : !tile.view<?x?xui8> -> !tile.tile<64x32xui8>
  %y = tile.load %a[%p, %p] : !tile.view<?x?xui8> -> !tile.tile<32x64xui8>
  %z = tile.load_piece %out : !tile.piece<64x64xi32> -> !tile.tile<64x64xi32>
  %d = tile.dot %x, %y, %z : !tile.tile<64x32xui8>, !tile.tile<32x64xui8> -> !tile.tile<64x64xi32>
  tile.store %d, %out : !tile.tile<64x64xi32>, !tile.piece<64x64xi32>
  return
}
