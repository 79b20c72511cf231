// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// LLVM has no 8-bit float type: 8-bit floats move through memory as bytes,
// loads reading i8 runs and bitcasting them, stores bitcasting back.
// CHECK-LABEL: gpu.func @float8
// CHECK: %[[IN:.*]] = scf.if %{{.*}} -> (vector<16xi8>) {
// CHECK-NEXT: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<16xi8>
// CHECK: %[[F8:.*]] = arith.bitcast %[[IN]] : vector<16xi8> to vector<16xf8E4M3FN>
// CHECK: %[[CHUNK:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [16], strides = [1]} : vector<16xf8E4M3FN> to vector<16xf8E4M3FN>
// CHECK-NEXT: %[[BYTES:.*]] = arith.bitcast %[[CHUNK]] : vector<16xf8E4M3FN> to vector<16xi8>
// CHECK: llvm.store %[[BYTES]], %{{.*}} {alignment = 16 : i64} : vector<16xi8>, !llvm.ptr<1>
func.func @float8(%out: !tile.piece<2048xf8E4M3FN>, %x: !tile.view<?xf8E4M3FN>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf8E4M3FN> -> !tile.tile<2048xf8E4M3FN>
  tile.store %a, %out : !tile.tile<2048xf8E4M3FN>, !tile.piece<2048xf8E4M3FN>
  return
}
