// RUN: tile-opt %s --convert-tile-to-gpu | FileCheck %s

// Pieces and views become a global pointer, the shape and the strides;
// scalars stay; the block size follows from the layout.
// CHECK: module attributes {gpu.container_module}
// Functions that are not kernels are left alone.
// CHECK: func.func @helper
// CHECK: gpu.module @kernels
// CHECK: gpu.func @scale(%{{.*}}: !llvm.ptr<1>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr<1>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: f32, %{{.*}}: i32) kernel
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
// CHECK-SAME: tile.name = "scale<64, 32>"
func.func @scale(%out: !tile.piece<64x32xf32>, %in: !tile.view<?x?xf32>, %a: f32, %unused: i32)
    attributes {tile.kernel, tile.name = "scale<64, 32>"} {
  %p = tile.program_id 0 : i32
  %q = tile.program_id 1 : i32
  %t = tile.load %in[%p, %q] : !tile.view<?x?xf32> -> !tile.tile<64x32xf32>
  %s = tile.splat %a : f32 -> !tile.tile<64x32xf32>
  %r = tile.mul %t, %s : !tile.tile<64x32xf32>
  tile.store %r, %out : !tile.tile<64x32xf32>, !tile.piece<64x32xf32>
  return
}

func.func @helper(%x: f32) -> f32 {
  return %x : f32
}
