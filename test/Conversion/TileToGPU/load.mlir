// RUN: tile-opt %s --convert-tile-to-gpu | FileCheck %s

// A run moves as one 16-byte vector when it lies inside the tensor and the
// base address is aligned, and through a masked load at the edge; padding
// fills what lies outside.
// CHECK-LABEL: gpu.func @load
// CHECK-SAME: (%[[PTR:.*]]: !llvm.ptr<1>, %[[N:.*]]: i64, %{{.*}}: i64, %[[XPTR:[^:]*]]: !llvm.ptr<1>, %[[XN:[^:]*]]: i64
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %[[XPTR]] : !llvm.ptr<1> to i64
// CHECK: %[[MIS:.*]] = arith.andi %[[ADDR]], %{{.*}} : i64
// CHECK: %[[ALIGNED:.*]] = arith.cmpi eq, %[[MIS]]
// CHECK: arith.cmpi ule, %{{.*}}, %[[XN]] : i64
// CHECK: %[[LANES:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : vector<4xi64>
// CHECK: %[[GEP:.*]] = llvm.getelementptr %[[XPTR]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: scf.if %{{.*}} -> (vector<4xf32>)
// CHECK-NEXT: llvm.load %[[GEP]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: } else {
// CHECK-NEXT: llvm.intr.masked.load %[[GEP]], %{{.*}}, %{{.*}} {alignment = 4 : i32}
// CHECK: vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [0], strides = [1]} : vector<4xf32> into vector<4xf32>
func.func @load(%out: !tile.piece<512xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] padding -1.0 : f32 : !tile.view<?xf32> -> !tile.tile<512xf32>
  tile.store %a, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// The padding value is what the masked path passes through.
// CHECK-LABEL: gpu.func @padding
// CHECK: arith.constant dense<-1.000000e+00> : vector<4xf32>
func.func @padding(%out: !tile.piece<512xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] padding -1.0 : f32 : !tile.view<?xf32> -> !tile.tile<512xf32>
  tile.store %a, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}
