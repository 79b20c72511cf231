// RUN: tile-opt %s --convert-tile-to-gpu | FileCheck %s

// A thread's 16 bf16 elements go out as two runs of 8 (16 bytes each); a
// piece's position is its program ids.
// CHECK-LABEL: gpu.func @store
// CHECK: gpu.block_id  x
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [8], strides = [1]} : vector<16xbf16> to vector<8xbf16>
// CHECK: scf.if
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<1>
// CHECK: } else {
// CHECK-NEXT: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 2 : i32} : vector<8xbf16>, vector<8xi1> into !llvm.ptr<1>
// CHECK: vector.extract_strided_slice %{{.*}} {offsets = [8], sizes = [8], strides = [1]}
func.func @store(%out: !tile.piece<2048xbf16>, %s: bf16) attributes {tile.kernel} {
  %t = tile.splat %s : bf16 -> !tile.tile<2048xbf16>
  tile.store %t, %out : !tile.tile<2048xbf16>, !tile.piece<2048xbf16>
  return
}

// Reading one's own piece uses the same addressing, padded with zero.
// CHECK-LABEL: gpu.func @load_piece
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: llvm.intr.masked.load
func.func @load_piece(%out: !tile.piece<512xf32>) attributes {tile.kernel} {
  %t = tile.load_piece %out : !tile.piece<512xf32> -> !tile.tile<512xf32>
  %u = tile.add %t, %t : !tile.tile<512xf32>
  tile.store %u, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}
