// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// A thread's 16 bf16 elements go out as two runs of 8 (16 bytes each); a
// run inside the piece and aligned is one vector store, a run at the edge a
// masked store. The piece's position is the block id.
// CHECK-LABEL: gpu.func @store
// CHECK-SAME: (%[[P:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: i64, %{{[^:]*}}: i64, %[[S:[^:]*]]: bf16)
// CHECK: %[[FRAG:.*]] = vector.broadcast %[[S]] : bf16 to vector<16xbf16>
// CHECK-NEXT: %[[BID:.*]] = gpu.block_id x
// CHECK-NEXT: %[[TILE:.*]] = arith.index_castui %[[BID]] : index to i64
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %[[P]] : !llvm.ptr<1> to i64
// CHECK: %[[ALIGNED:.*]] = arith.cmpi eq

// CHECK: %[[C2048:.*]] = arith.constant 2048 : i64
// CHECK-NEXT: arith.muli %[[TILE]], %[[C2048]] : i64
// CHECK: arith.subi %[[N]], %{{.*}} : i64
// CHECK: %[[PTR0:.*]] = llvm.getelementptr %[[P]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, bf16
// CHECK-NEXT: %[[CHUNK0:.*]] = vector.extract_strided_slice %[[FRAG]] {offsets = [0], sizes = [8], strides = [1]} : vector<16xbf16> to vector<8xbf16>
// CHECK-NEXT: %[[FAST0:.*]] = arith.andi %{{.*}}, %[[ALIGNED]] : i1
// CHECK-NEXT: scf.if %[[FAST0]] {
// CHECK-NEXT: llvm.store %[[CHUNK0]], %[[PTR0]] {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<1>
// CHECK-NEXT: } else {
// CHECK: %[[MASK0:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : vector<8xi64>
// CHECK-NEXT: llvm.intr.masked.store %[[CHUNK0]], %[[PTR0]], %[[MASK0]] {alignment = 2 : i32} : vector<8xbf16>, vector<8xi1> into !llvm.ptr<1>
// CHECK-NEXT: }

// The second run is 128 * 8 = 1024 elements further.
// CHECK-NEXT: %[[C1024:.*]] = arith.constant 1024 : i64
// CHECK: %[[CHUNK1:.*]] = vector.extract_strided_slice %[[FRAG]] {offsets = [8], sizes = [8], strides = [1]} : vector<16xbf16> to vector<8xbf16>
// CHECK: llvm.store %[[CHUNK1]], %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<1>
// CHECK: llvm.intr.masked.store %[[CHUNK1]]
// CHECK-NOT: llvm.store
// CHECK: gpu.return
func.func @store(%out: !tile.piece<2048xbf16>, %s: bf16) attributes {tile.kernel} {
  %t = tile.splat %s : bf16 -> !tile.tile<2048xbf16>
  tile.store %t, %out : !tile.tile<2048xbf16>, !tile.piece<2048xbf16>
  return
}

// -----

// i64 runs are 2 elements, 16 bytes, 8-byte aligned lanes.
// CHECK-LABEL: gpu.func @store_i64
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<2xi64>, !llvm.ptr<1>
// CHECK: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 8 : i32} : vector<2xi64>, vector<2xi1> into !llvm.ptr<1>
func.func @store_i64(%out: !tile.piece<256xi64>, %s: i64) attributes {tile.kernel} {
  %t = tile.splat %s : i64 -> !tile.tile<256xi64>
  tile.store %t, %out : !tile.tile<256xi64>, !tile.piece<256xi64>
  return
}
