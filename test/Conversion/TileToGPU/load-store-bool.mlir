// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// Booleans are one byte each in memory: loads read i8 runs and compare them
// with zero; stores widen i1 to i8 (0 or 1).
// CHECK-LABEL: gpu.func @bools
// CHECK: %[[IN:.*]] = scf.if %{{.*}} -> (vector<16xi8>) {
// CHECK-NEXT: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<16xi8>
// CHECK: llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 1 : i32} : (!llvm.ptr<1>, vector<16xi1>, vector<16xi8>) -> vector<16xi8>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : vector<16xi8>
// CHECK-NEXT: %[[B:.*]] = arith.cmpi ne, %[[IN]], %[[ZERO]] : vector<16xi8>
// CHECK-NEXT: vector.insert_strided_slice %[[B]], %{{.*}} {offsets = [0], strides = [1]} : vector<16xi1> into vector<16xi1>
// CHECK: %[[CHUNK:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [16], strides = [1]} : vector<16xi1> to vector<16xi1>
// CHECK-NEXT: %[[BYTES:.*]] = arith.extui %[[CHUNK]] : vector<16xi1> to vector<16xi8>
// CHECK: llvm.store %[[BYTES]], %{{.*}} {alignment = 16 : i64} : vector<16xi8>, !llvm.ptr<1>
// CHECK: llvm.intr.masked.store %[[BYTES]], %{{.*}}, %{{.*}} {alignment = 1 : i32} : vector<16xi8>, vector<16xi1> into !llvm.ptr<1>
func.func @bools(%out: !tile.piece<2048xi1>, %x: !tile.view<?xi1>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xi1> -> !tile.tile<2048xi1>
  tile.store %a, %out : !tile.tile<2048xi1>, !tile.piece<2048xi1>
  return
}
