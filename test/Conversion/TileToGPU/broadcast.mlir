// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// An outer product of a column and a row. The row broadcasts in place: each
// thread repeats its registers (vector.shuffle), no data moves. The column's
// default layout does not suit the product, so its 8 elements (not the 1024
// of the result) first move through shared memory, right after their load,
// to the layout from which the broadcast is in place. The product is stored
// without a conversion.
// CHECK-LABEL: llvm.mlir.global internal @outer_shared() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<32 x i8>
// CHECK-LABEL: gpu.func @outer
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<1xf32>, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<1xf32>
// CHECK: gpu.barrier
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 0, 1, 2, 3] : vector<4xf32>, vector<4xf32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 0, 0, 0, 1, 1, 1, 1] : vector<2xf32>, vector<2xf32>
// CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
func.func @outer(%out: !tile.piece<8x128xf32>, %x: !tile.view<?x?xf32>, %y: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %r = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<8x1xf32>
  %c = tile.load %y[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<1x128xf32>
  %rb = tile.broadcast %r : !tile.tile<8x1xf32> to !tile.tile<8x128xf32>
  %cb = tile.broadcast %c : !tile.tile<1x128xf32> to !tile.tile<8x128xf32>
  %s = tile.mul %rb, %cb : !tile.tile<8x128xf32>
  tile.store %s, %out : !tile.tile<8x128xf32>, !tile.piece<8x128xf32>
  return
}
