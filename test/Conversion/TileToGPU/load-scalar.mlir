// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// Every thread loads the element itself: the indices are checked against
// the extents (unsigned, so negative ones fail too), the offset is the sum
// of index times stride, and an element outside reads as zero.
// CHECK-LABEL: gpu.func @gather
// CHECK-SAME: %[[IDS:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: i64, %[[S:[^:]*]]: i64)
// CHECK: %[[PID:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[I:.*]] = arith.extsi %[[PID]] : i32 to i64
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi ult, %[[I]], %[[N]] : i64
// CHECK-NEXT: %[[INSIDE:.*]] = arith.andi %[[TRUE]], %[[IN]] : i1
// CHECK-NEXT: %[[STEP:.*]] = arith.muli %[[I]], %[[S]] : i64
// CHECK-NEXT: %[[OFFSET:.*]] = arith.addi %[[ZERO]], %[[STEP]] : i64
// CHECK-NEXT: %[[PTR:.*]] = llvm.getelementptr %[[IDS]][%[[OFFSET]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
// CHECK-NEXT: %[[ID:.*]] = scf.if %[[INSIDE]] -> (i32) {
// CHECK-NEXT:   %[[V:.*]] = llvm.load %[[PTR]] {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK-NEXT:   scf.yield %[[V]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:   scf.yield %[[C0]] : i32
// CHECK-NEXT: }
// The id then indexes the row of a tile load.
// CHECK: arith.extsi %[[ID]] : i32 to i64
// CHECK-NOT: tile.load_scalar
func.func @gather(%out: !tile.piece<1x256xf32>, %table: !tile.view<?x?xf32>,
                  %ids: !tile.view<?xi32>) attributes {tile.kernel} {
  %t = tile.program_id 0 : i32
  %id = tile.load_scalar %ids[%t] : !tile.view<?xi32> -> i32
  %c0 = arith.constant 0 : i32
  %row = tile.load %table[%id, %c0] : !tile.view<?x?xf32> -> !tile.tile<1x256xf32>
  tile.store %row, %out : !tile.tile<1x256xf32>, !tile.piece<1x256xf32>
  return
}

// -----

// Two dimensions: both indices are checked and scaled by their strides; a
// bf16 element is loaded with 2-byte alignment.
// CHECK-LABEL: gpu.func @two_dims
// CHECK-SAME: %[[X:[^:]*]]: !llvm.ptr<1>, %[[N0:[^:]*]]: i64, %[[N1:[^:]*]]: i64, %[[S0:[^:]*]]: i64, %[[S1:[^:]*]]: i64, %[[I:[^:]*]]: i32, %[[J:[^:]*]]: i32)
// CHECK: %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK-NEXT: arith.cmpi ult, %[[I64]], %[[N0]] : i64
// CHECK: arith.muli %[[I64]], %[[S0]] : i64
// CHECK: %[[J64:.*]] = arith.extsi %[[J]] : i32 to i64
// CHECK-NEXT: arith.cmpi ult, %[[J64]], %[[N1]] : i64
// CHECK: arith.muli %[[J64]], %[[S1]] : i64
// CHECK: scf.if %{{.*}} -> (bf16) {
// CHECK-NEXT: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<1> -> bf16
// CHECK: vector.broadcast %{{.*}} : bf16 to vector<{{[0-9]+}}xbf16>
func.func @two_dims(%out: !tile.piece<256xbf16>, %x: !tile.view<?x?xbf16>,
                    %i: i32, %j: i32) attributes {tile.kernel} {
  %s = tile.load_scalar %x[%i, %j] : !tile.view<?x?xbf16> -> bf16
  %t = tile.splat %s : bf16 -> !tile.tile<256xbf16>
  tile.store %t, %out : !tile.tile<256xbf16>, !tile.piece<256xbf16>
  return
}

// -----

// Booleans are stored as bytes: the byte is compared with zero.
// CHECK-LABEL: gpu.func @boolean
// CHECK: %[[B:.*]] = scf.if %{{.*}} -> (i8) {
// CHECK-NEXT: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<1> -> i8
// CHECK: } else {
// CHECK-NEXT: arith.constant 0 : i8
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i8
// CHECK-NEXT: %{{.*}} = arith.cmpi ne, %[[B]], %[[Z]] : i8
func.func @boolean(%out: !tile.piece<256xi1>, %flags: !tile.view<?xi1>,
                   %i: i32) attributes {tile.kernel} {
  %b = tile.load_scalar %flags[%i] : !tile.view<?xi1> -> i1
  %t = tile.splat %b : i1 -> !tile.tile<256xi1>
  tile.store %t, %out : !tile.tile<256xi1>, !tile.piece<256xi1>
  return
}
