// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// 1024 f32 over 128 threads: runs of 4, two runs per thread (flat indices
// 4t and 512 + 4t). Each run is loaded as one 16-byte vector when it lies
// wholly inside the tensor and the base address is 16-byte aligned, and
// through a masked load otherwise.

// CHECK-LABEL: gpu.func @load
// CHECK-SAME: (%{{[^:]*}}: !llvm.ptr<1>, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %[[X:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: i64, %{{[^:]*}}: i64)
// CHECK: %[[BID:.*]] = gpu.block_id x
// CHECK-NEXT: %[[PID:.*]] = arith.index_castui %[[BID]] : index to i32
// CHECK-NEXT: %[[TILE:.*]] = arith.extsi %[[PID]] : i32 to i64
// CHECK-NEXT: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[T:.*]] = arith.index_castui %[[TID]] : index to i32
// Thread t starts at element 4t: bits 0..6 of t move up by two.
// CHECK: %[[C127:.*]] = arith.constant 127 : i32
// CHECK-NEXT: %[[BITS:.*]] = arith.andi %[[T]], %[[C127]] : i32
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[SHIFTED:.*]] = arith.shli %[[BITS]], %[[C2]] : i32
// CHECK-NEXT: %[[OFFSET:.*]] = arith.ori %{{.*}}, %[[SHIFTED]] : i32
// CHECK-NEXT: %[[TSTART:.*]] = arith.extui %[[OFFSET]] : i32 to i64
// Without padding, lanes outside the tensor read zero.
// CHECK-NEXT: %[[PAD:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// The base address must be 16-byte aligned for the vector path.
// CHECK-NEXT: %[[C15:.*]] = arith.constant 15 : i64
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[ADDR:.*]] = llvm.ptrtoint %[[X]] : !llvm.ptr<1> to i64
// CHECK-NEXT: %[[MIS:.*]] = arith.andi %[[ADDR]], %[[C15]] : i64
// CHECK: %[[ALIGNED:.*]] = arith.cmpi eq, %[[MIS]], %[[C0]] : i64

// Run 0: element 4t of the tile, 1024 * program id + 4t of the tensor.
// CHECK: %[[FLAT0:.*]] = arith.ori %[[TSTART]], %{{.*}} : i64
// CHECK: %[[C1024:.*]] = arith.constant 1024 : i64
// CHECK-NEXT: %[[BASE0:.*]] = arith.muli %[[TILE]], %[[C1024]] : i64
// CHECK-NEXT: %[[COL0:.*]] = arith.addi %[[BASE0]], %[[FLAT0]] : i64
// CHECK-NEXT: %[[OFF0:.*]] = arith.addi %{{.*}}, %[[COL0]] : i64
// The run starts inside the tensor; count = n - (1024 * program id + 4t)
// of its elements are inside, all of them when count >= 4.
// CHECK-NEXT: %[[STARTS0:.*]] = arith.cmpi ult, %[[COL0]], %[[N]] : i64
// CHECK-NEXT: %[[ROWSTARTS0:.*]] = arith.andi %{{.*}}, %[[STARTS0]] : i1
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[LEFT0:.*]] = arith.subi %[[N]], %[[COL0]] : i64
// CHECK-NEXT: %[[COUNT0:.*]] = arith.select %[[ROWSTARTS0]], %[[LEFT0]], %[[ZERO]] : i64
// CHECK-NEXT: %[[W:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[INSIDE0:.*]] = arith.cmpi sge, %[[COUNT0]], %[[W]] : i64
// CHECK-NEXT: %[[PTR0:.*]] = llvm.getelementptr %[[X]][%[[OFF0]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK-NEXT: %[[FAST0:.*]] = arith.andi %[[INSIDE0]], %[[ALIGNED]] : i1
// CHECK-NEXT: %[[CHUNK0:.*]] = scf.if %[[FAST0]] -> (vector<4xf32>) {
// CHECK-NEXT:   %[[V:.*]] = llvm.load %[[PTR0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-NEXT:   scf.yield %[[V]] : vector<4xf32>
// CHECK-NEXT: } else {
// The lane mask is built only on the masked path: lane i is inside when
// count > i.
// CHECK-NEXT:   %[[LANES:.*]] = arith.constant dense<[0, 1, 2, 3]> : vector<4xi64>
// CHECK-NEXT:   %[[COUNTS:.*]] = vector.broadcast %[[COUNT0]] : i64 to vector<4xi64>
// CHECK-NEXT:   %[[MASK0:.*]] = arith.cmpi sgt, %[[COUNTS]], %[[LANES]] : vector<4xi64>
// CHECK-NEXT:   %[[M:.*]] = llvm.intr.masked.load %[[PTR0]], %[[MASK0]], %[[PAD]] {alignment = 4 : i32} : (!llvm.ptr<1>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK-NEXT:   scf.yield %[[M]] : vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[FRAG0:.*]] = vector.insert_strided_slice %[[CHUNK0]], %{{.*}} {offsets = [0], strides = [1]} : vector<4xf32> into vector<8xf32>

// Run 1 starts 512 elements later and fills lanes 4..7 of the fragment.
// CHECK-NEXT: %[[C512:.*]] = arith.constant 512 : i64
// CHECK-NEXT: %[[FLAT1:.*]] = arith.ori %[[TSTART]], %[[C512]] : i64
// CHECK: %[[CHUNK1:.*]] = scf.if %{{.*}} -> (vector<4xf32>) {
// CHECK-NEXT: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: llvm.intr.masked.load %{{.*}}, %{{.*}}, %[[PAD]] {alignment = 4 : i32}
// CHECK: %[[FRAG1:.*]] = vector.insert_strided_slice %[[CHUNK1]], %[[FRAG0]] {offsets = [4], strides = [1]} : vector<4xf32> into vector<8xf32>
// CHECK-NOT: scf.if %{{.*}} -> (vector<4xf32>)
// CHECK: vector.extract_strided_slice %[[FRAG1]]
func.func @load(%out: !tile.piece<1024xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<1024xf32>
  tile.store %a, %out : !tile.tile<1024xf32>, !tile.piece<1024xf32>
  return
}
