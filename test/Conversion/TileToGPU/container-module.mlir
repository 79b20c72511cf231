// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s
// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu="module-name=device_code" | FileCheck %s --check-prefix=NAMED

// Kernels move into one gpu.module at the end of a container module, in
// their order; other functions stay where they were.
// CHECK: module attributes {gpu.container_module} {
// CHECK-NEXT: func.func @host_helper(%{{.*}}: i32) -> i32
// CHECK: func.func @another_helper
// CHECK: gpu.module @kernels {
// Each kernel gets its own layout.
// CHECK-NEXT: gpu.func @first(
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK: gpu.func @second(
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK-NOT: func.func
// CHECK-NOT: gpu.module

// NAMED: gpu.module @device_code {
// NAMED-NEXT: gpu.func @first(
// NAMED-NOT: gpu.module @kernels

func.func @first(%x: i32) attributes {tile.kernel} {
  return
}

func.func @host_helper(%x: i32) -> i32 {
  return %x : i32
}

func.func @second(%out: !tile.piece<128xi32>) attributes {tile.kernel} {
  %t = tile.iota : !tile.tile<128xi32>
  tile.store %t, %out : !tile.tile<128xi32>, !tile.piece<128xi32>
  return
}

func.func @another_helper() {
  return
}
