// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// A scatter into the piece: each register's element is stored when its
// mask holds, it is the first of its replicas, and its index lies inside
// the piece and the tensor (unsigned compares also drop negative indices).
// The program settles duplicates first: every thread clears its share of
// one claim per piece element (64 x 4 bytes of shared memory), each element
// to be stored claims its piece element with an atomic max of its flat
// index, and only the element whose index holds the claim stores. Barriers
// separate the phases and end the scatter.
// CHECK: llvm.mlir.global internal @compact_shared() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<256 x i8>
// CHECK-LABEL: gpu.func @compact
// CHECK-SAME: (%[[OUT:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: i64, %[[S:[^:]*]]: i64,
// CHECK: %[[BLOCK:.*]] = gpu.block_id x
// CHECK: %[[ID:.*]] = arith.index_castui %[[BLOCK]] : index to i64
// CHECK: %[[ORIGIN:.*]] = arith.muli %[[ID]], %{{.*}} : i64
// CHECK: %[[KEEP:.*]] = vector.extract %{{.*}}[0] : i1 from vector<4xi1>
// CHECK-NEXT: %[[MINE:.*]] = arith.andi %[[KEEP]], %{{.*}} : i1
// CHECK: %[[I32:.*]] = vector.extract %{{.*}}[0] : i32 from vector<4xi32>
// CHECK-NEXT: %[[I:.*]] = arith.extsi %[[I32]] : i32 to i64
// CHECK-NEXT: %[[AT:.*]] = arith.addi %[[ORIGIN]], %[[I]] : i64
// CHECK-NEXT: %[[IN_TENSOR:.*]] = arith.cmpi ult, %[[AT]], %[[N]] : i64
// CHECK: %[[IN_PIECE:.*]] = arith.cmpi ult, %[[I]], %{{.*}} : i64
// CHECK-NEXT: %[[INSIDE:.*]] = arith.andi %[[IN_PIECE]], %[[IN_TENSOR]] : i1
// CHECK-NEXT: %[[STORES:.*]] = arith.andi %[[MINE]], %[[INSIDE]] : i1
// CHECK: %[[CLAIMS:.*]] = llvm.mlir.addressof @compact_shared : !llvm.ptr<3>
// CHECK: %[[NONE:.*]] = arith.constant -1 : i32
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK-NEXT: %[[SLOT:.*]] = llvm.getelementptr %[[CLAIMS]][%[[K]]]
// CHECK-NEXT: llvm.store %[[NONE]], %[[SLOT]] : i32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK-NEXT: scf.if %[[STORES]] {
// CHECK-NEXT: %[[CLAIM:.*]] = llvm.getelementptr %[[CLAIMS]]
// CHECK-NEXT: llvm.atomicrmw max %[[CLAIM]], %[[FLAT:.*]] monotonic : !llvm.ptr<3>, i32
// CHECK-COUNT-3: llvm.atomicrmw max
// CHECK: gpu.barrier
// CHECK: scf.if %[[STORES]] {
// CHECK: %[[HELD:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK-NEXT: %[[WINS:.*]] = arith.cmpi eq, %[[HELD]], %[[FLAT]] : i32
// CHECK-NEXT: scf.if %[[WINS]] {
// CHECK-NEXT: %[[ADDR:.*]] = llvm.getelementptr %[[OUT]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK-NEXT: llvm.store %{{.*}}, %[[ADDR]] : f32, !llvm.ptr<1>
// CHECK-COUNT-3: llvm.store %{{.*}} : f32, !llvm.ptr<1>
// CHECK: gpu.barrier
// CHECK-NEXT: gpu.return
func.func @compact(%out: !tile.piece<64xf32>, %x: !tile.view<?xf32>, %slots: !tile.view<?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %v = tile.load %x[%c0] : <?xf32> -> <64xf32>
  %i = tile.load %slots[%c0] : <?xi32> -> <64xi32>
  %zero = tile.constant dense<0.0> : !tile.tile<64xf32>
  %keep = tile.cmp gt, %v, %zero : <64xf32> -> <64xi1>
  tile.scatter %out[%i], %v if %keep : !tile.piece<64xf32>[!tile.tile<64xi32>], !tile.tile<64xf32>, !tile.tile<64xi1>
  return
}
