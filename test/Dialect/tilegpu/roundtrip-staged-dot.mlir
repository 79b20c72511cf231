// RUN: tile-opt %s | tile-opt | FileCheck %s

// The ops a pipelined accumulation step is made of: stages in shared
// memory, copies into them, their groups, and the product of two stages.
// CHECK-LABEL: func.func @staged
// CHECK: %[[A:.*]] = tilegpu.shared_alloc {offset = 0 : i64} : <4x128x64xbf16>
// CHECK: %[[B:.*]] = tilegpu.shared_alloc {offset = 65536 : i64} : <4x256x64xbf16>
// CHECK: tilegpu.copy_async %{{.*}}[%{{.*}}, %{{.*}}], %[[A]][%{{.*}}] : <?x?xbf16>, <4x128x64xbf16>
// CHECK: tilegpu.copy_async %{{.*}}[%{{.*}}, %{{.*}}], %[[B]][%{{.*}}] {layout = #tile.layout<registers = [0, 1, 2, 11, 12, 13], lanes = [3, 4, 5, 6, 7], warps = [8, 9, 10]>} : <?x?xbf16>, <4x256x64xbf16>
// CHECK: tilegpu.copy_commit
// CHECK: tilegpu.copy_wait {pending = 1 : i32}
// CHECK: tilegpu.staged_dot %[[A]], %[[B]], %{{.*}} stage %{{.*}} : <4x128x64xbf16>, <4x256x64xbf16> -> <128x256xf32>
func.func @staged(%x: !tile.view<?x?xbf16>, %w: !tile.view<?x?xbf16>, %i: i32, %s: i32, %acc: !tile.tile<128x256xf32>) -> !tile.tile<128x256xf32> {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<4x128x64xbf16>
  %b = tilegpu.shared_alloc {offset = 65536} : !tilegpu.stages<4x256x64xbf16>
  tilegpu.copy_async %x[%i, %i], %a[%s] : !tile.view<?x?xbf16>, !tilegpu.stages<4x128x64xbf16>
  tilegpu.copy_async %w[%i, %i], %b[%s] {layout = #tile.layout<registers = [0, 1, 2, 11, 12, 13], lanes = [3, 4, 5, 6, 7], warps = [8, 9, 10]>} : !tile.view<?x?xbf16>, !tilegpu.stages<4x256x64xbf16>
  tilegpu.copy_commit
  tilegpu.copy_wait {pending = 1 : i32}
  %r = tilegpu.staged_dot %a, %b, %acc stage %s : !tilegpu.stages<4x128x64xbf16>, !tilegpu.stages<4x256x64xbf16> -> !tile.tile<128x256xf32>
  return %r : !tile.tile<128x256xf32>
}

// The product of a register tile by one stage: `b` K-major (NxK tiles) or
// N-major (KxN tiles, as loaded).
// CHECK-LABEL: func.func @register_staged
// CHECK: tilegpu.register_staged_dot %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} : <64x128xbf16>, <2x64x128xbf16> -> <64x64xf32>
// CHECK: tilegpu.register_staged_dot %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} {b_n_major} : <64x64xbf16>, <2x64x128xbf16> -> <64x128xf32>
func.func @register_staged(%q: !tile.tile<64x128xbf16>, %p: !tile.tile<64x64xbf16>, %s: i32, %zeros: !tile.tile<64x64xf32>, %acc: !tile.tile<64x128xf32>) -> !tile.tile<64x128xf32> {
  %k = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<2x64x128xbf16>
  %v = tilegpu.shared_alloc {offset = 32768} : !tilegpu.stages<2x64x128xbf16>
  %scores = tilegpu.register_staged_dot %q, %k[%s], %zeros : !tile.tile<64x128xbf16>, !tilegpu.stages<2x64x128xbf16> -> !tile.tile<64x64xf32>
  %r = tilegpu.register_staged_dot %p, %v[%s], %acc {b_n_major} : !tile.tile<64x64xbf16>, !tilegpu.stages<2x64x128xbf16> -> !tile.tile<64x128xf32>
  return %r : !tile.tile<64x128xf32>
}

// `b` N-major: KxN tiles, as a KxN view is loaded.
// CHECK-LABEL: func.func @staged_n_major
// CHECK: tilegpu.staged_dot %{{.*}}, %{{.*}}, %{{.*}} stage %{{.*}} {b_n_major} : <4x128x64xbf16>, <4x64x256xbf16> -> <128x256xf32>
func.func @staged_n_major(%s: i32, %acc: !tile.tile<128x256xf32>) -> !tile.tile<128x256xf32> {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<4x128x64xbf16>
  %b = tilegpu.shared_alloc {offset = 65536} : !tilegpu.stages<4x64x256xbf16>
  %r = tilegpu.staged_dot %a, %b, %acc stage %s {b_n_major} : !tilegpu.stages<4x128x64xbf16>, !tilegpu.stages<4x64x256xbf16> -> !tile.tile<128x256xf32>
  return %r : !tile.tile<128x256xf32>
}

// 8-bit stages, K-major: integers into an i32 accumulator, floats into f32.
// CHECK-LABEL: func.func @staged_8bit
// CHECK: tilegpu.staged_dot %{{.*}}, %{{.*}}, %{{.*}} stage %{{.*}} : <4x128x128xi8>, <4x256x128xi8> -> <128x256xi32>
// CHECK: tilegpu.staged_dot %{{.*}}, %{{.*}}, %{{.*}} stage %{{.*}} : <4x128x128xf8E4M3FN>, <4x256x128xf8E4M3FN> -> <128x256xf32>
func.func @staged_8bit(%s: i32, %sums: !tile.tile<128x256xi32>, %acc: !tile.tile<128x256xf32>) -> !tile.tile<128x256xf32> {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<4x128x128xi8>
  %b = tilegpu.shared_alloc {offset = 65536} : !tilegpu.stages<4x256x128xi8>
  %e = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<4x128x128xf8E4M3FN>
  %f = tilegpu.shared_alloc {offset = 65536} : !tilegpu.stages<4x256x128xf8E4M3FN>
  %i = tilegpu.staged_dot %a, %b, %sums stage %s : !tilegpu.stages<4x128x128xi8>, !tilegpu.stages<4x256x128xi8> -> !tile.tile<128x256xi32>
  %r = tilegpu.staged_dot %e, %f, %acc stage %s : !tilegpu.stages<4x128x128xf8E4M3FN>, !tilegpu.stages<4x256x128xf8E4M3FN> -> !tile.tile<128x256xf32>
  return %r : !tile.tile<128x256xf32>
}
