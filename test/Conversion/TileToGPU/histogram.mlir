// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// A histogram of 256 values into 64 bins: the 64 counters (256 bytes of
// shared memory) cleared by the threads in turn, then one shared atomic add
// per value held (values in [0, 64) only, where the mask holds), then each
// thread reads its counts back; barriers between the steps and after.
// Two warps: 256 values are 4 per thread, no replica.
// CHECK: llvm.mlir.global internal @counts_shared() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<256 x i8>
// CHECK-LABEL: gpu.func @counts
// CHECK: scf.for %{{.*}} = %{{.*}} to %c64_i32 step %c64_i32{{.*}} : i32 {
// CHECK-NEXT: llvm.getelementptr
// CHECK-NEXT: llvm.store %c0_i32{{.*}}, %{{.*}} : i32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: vector.extract %{{.*}}[0] : i32 from vector<4xi32>
// CHECK-NEXT: arith.extsi %{{.*}} : i32 to i64
// CHECK-NEXT: arith.cmpi ult, %{{.*}}, %c64_i64 : i64
// CHECK-NEXT: vector.extract
// CHECK-NEXT: arith.andi
// CHECK-NEXT: scf.if
// CHECK-NEXT: arith.trunci %{{.*}} : i64 to i32
// CHECK-NEXT: llvm.getelementptr
// CHECK-NEXT: llvm.atomicrmw add %{{.*}}, %c1_i32 monotonic : !llvm.ptr<3>, i32
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: gpu.barrier
// CHECK-NOT: llvm.atomicrmw
// CHECK: gpu.return
func.func @counts(%out: !tile.piece<64xi32>, %x: !tile.view<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %v = tile.load %x[%c0] : <?xi32> -> <256xi32>
  %i = tile.iota : !tile.tile<256xi32>
  %c8 = tile.constant dense<8> : !tile.tile<256xi32>
  %m = tile.cmp gt, %v, %c8 : <256xi32> -> <256xi1>
  %c = tile.histogram %v if %m : !tile.tile<256xi32>, !tile.tile<256xi1> -> !tile.tile<64xi32>
  tile.store %c, %out : <64xi32>, <64xi32>
  return
}

// Unsigned values widen with zeros: a byte of 200 counts in bin 200.
// CHECK-LABEL: gpu.func @bytes
// CHECK: arith.extui %{{.*}} : i8 to i64
// CHECK-NOT: arith.extsi %{{.*}} : i8 to i64
// CHECK: gpu.return
func.func @bytes(%out: !tile.piece<256xi32>, %x: !tile.view<?xui8>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %v = tile.load %x[%c0] : <?xui8> -> <256xui8>
  %c = tile.histogram %v : !tile.tile<256xui8> -> !tile.tile<256xi32>
  tile.store %c, %out : <256xi32>, <256xi32>
  return
}
