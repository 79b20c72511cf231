// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// Without kernels the module is left exactly as it was: no container
// attribute, no gpu.module, tile ops outside kernels untouched.
// CHECK-LABEL: module {
// CHECK-NEXT: func.func @helper(%[[X:[^:]*]]: !tile.tile<8xf32>) -> !tile.tile<8xf32> {
// CHECK-NEXT: %[[N:.*]] = tile.neg %[[X]] : <8xf32>
// CHECK-NEXT: return %[[N]] : !tile.tile<8xf32>
// CHECK-NOT: gpu.module
// CHECK-NOT: gpu.container_module
func.func @helper(%x: !tile.tile<8xf32>) -> !tile.tile<8xf32> {
  %0 = tile.neg %x : !tile.tile<8xf32>
  return %0 : !tile.tile<8xf32>
}

// -----

// Next to a kernel, non-kernel functions keep their tile ops and types, even
// ones the kernel's layout would convert.
// CHECK: module attributes {gpu.container_module}
// CHECK-NEXT: func.func @host(%{{.*}}: !tile.view<?xf32>, %{{.*}}: i32) -> !tile.tile<512xf32>
// CHECK-NEXT: tile.load %{{.*}}[%{{.*}}] : <?xf32> -> <512xf32>
// CHECK-NEXT: return
// CHECK: gpu.module @kernels
// CHECK: gpu.func @kernel
func.func @host(%v: !tile.view<?xf32>, %i: i32) -> !tile.tile<512xf32> {
  %0 = tile.load %v[%i] : !tile.view<?xf32> -> !tile.tile<512xf32>
  return %0 : !tile.tile<512xf32>
}

func.func @kernel(%out: !tile.piece<512xf32>, %s: f32) attributes {tile.kernel} {
  %t = tile.splat %s : f32 -> !tile.tile<512xf32>
  tile.store %t, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}
