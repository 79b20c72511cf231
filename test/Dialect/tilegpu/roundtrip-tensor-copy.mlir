// RUN: tile-opt %s | tile-opt | FileCheck %s

// The ops of a loop whose operands the tensor copy engine brings in: the
// barriers that say a stage is filled and free, and the copies.
// CHECK-LABEL: func.func @tensor_copies
// CHECK-SAME: tile.tensor_maps = [#tilegpu.tensor_map<view = 0, box = [128, 64], swizzle = 128>]
// CHECK: %[[FULL:.*]] = tilegpu.barrier_alloc {arrivals = 1 : i32, offset = 65536 : i64} : <4>
// CHECK: %[[EMPTY:.*]] = tilegpu.barrier_alloc {arrivals = 256 : i32, offset = 65568 : i64} : <4>
// CHECK: tilegpu.barrier_wait %[[EMPTY]][%{{.*}}], %{{.*}} {copier} : <4>
// CHECK: tilegpu.barrier_expect %[[FULL]][%{{.*}}] {bytes = 16384 : i64} : <4>
// CHECK: tilegpu.copy_tensor %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}], %[[FULL]][%{{.*}}] : <4x128x64xbf16>, <4>
// CHECK: tilegpu.barrier_wait %[[FULL]][%{{.*}}], %{{.*}} : <4>
// CHECK: tilegpu.barrier_arrive %[[EMPTY]][%{{.*}}] : <4>
func.func @tensor_copies(%x: !tile.view<?x?xbf16>, %map: !tilegpu.tensor_map, %i: i32, %s: i32, %p: i32) attributes {tile.tensor_maps = [#tilegpu.tensor_map<view = 0, box = [128, 64], swizzle = 128>]} {
  %a = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<4x128x64xbf16>
  %full = tilegpu.barrier_alloc {offset = 65536, arrivals = 1 : i32} : !tilegpu.barriers<4>
  %empty = tilegpu.barrier_alloc {offset = 65568, arrivals = 256 : i32} : !tilegpu.barriers<4>
  tilegpu.barrier_wait %empty[%s], %p {copier} : !tilegpu.barriers<4>
  tilegpu.barrier_expect %full[%s] {bytes = 16384} : !tilegpu.barriers<4>
  tilegpu.copy_tensor %map[%i, %i], %a[%s], %full[%s] : !tilegpu.stages<4x128x64xbf16>, !tilegpu.barriers<4>
  tilegpu.barrier_wait %full[%s], %p : !tilegpu.barriers<4>
  tilegpu.barrier_arrive %empty[%s] : !tilegpu.barriers<4>
  return
}

// A view of three dimensions: a tile of one head's rows, by three indices;
// in a token-major view, the rows run along its first dimension.
// CHECK-LABEL: func.func @three_dimensions
// CHECK-SAME: tile.tensor_maps = [#tilegpu.tensor_map<view = 0, box = [1, 64, 64], swizzle = 128>]
// CHECK: tilegpu.copy_tensor %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}] : <2x64x128xbf16>, <2>
// CHECK: tilegpu.copy_tensor %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}], %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}] {row_dim = 0 : i64} : <2x64x128xbf16>, <2>
func.func @three_dimensions(%x: !tile.view<?x?x?xbf16>, %map: !tilegpu.tensor_map, %h: i32, %i: i32, %z: i32, %s: i32) attributes {tile.tensor_maps = [#tilegpu.tensor_map<view = 0, box = [1, 64, 64], swizzle = 128>]} {
  %v = tilegpu.shared_alloc {offset = 0} : !tilegpu.stages<2x64x128xbf16>
  %full = tilegpu.barrier_alloc {offset = 32768, arrivals = 1 : i32} : !tilegpu.barriers<2>
  tilegpu.copy_tensor %map[%h, %i, %z], %v[%s], %full[%s] : !tilegpu.stages<2x64x128xbf16>, !tilegpu.barriers<2>
  tilegpu.copy_tensor %map[%i, %h, %z], %v[%s], %full[%s] {row_dim = 0} : !tilegpu.stages<2x64x128xbf16>, !tilegpu.barriers<2>
  return
}
