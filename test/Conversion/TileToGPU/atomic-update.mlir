// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// An atomic output is passed like a view: a pointer, the extents, the
// strides. Each register's element is updated once, when its mask holds and
// its index lies inside the tensor (one unsigned compare also drops negative
// indices).
// CHECK-LABEL: gpu.func @histogram
// CHECK-SAME: (%[[X:[^:]*]]: !llvm.ptr<1>, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %[[H:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: i64, %[[S:[^:]*]]: i64)
// CHECK: %[[MASK:.*]] = arith.cmpi sge, %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK: %[[VALID:.*]] = vector.extract %[[MASK]][0] : i1 from vector<8xi1>
// CHECK-NEXT: %[[BIN:.*]] = vector.extract %{{.*}}[0] : i32 from vector<8xi32>
// CHECK-NEXT: %[[WIDE:.*]] = arith.extsi %[[BIN]] : i32 to i64
// CHECK-NEXT: %[[INSIDE:.*]] = arith.cmpi ult, %[[WIDE]], %[[N]] : i64
// CHECK-NEXT: %[[UPDATE:.*]] = arith.andi %[[VALID]], %[[INSIDE]] : i1
// CHECK-NEXT: %[[OFFSET:.*]] = arith.muli %[[WIDE]], %[[S]] : i64
// CHECK: scf.if %[[UPDATE]] {
// CHECK-NEXT: %[[AT:.*]] = llvm.getelementptr %[[H]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
// CHECK-NEXT: llvm.atomicrmw add %[[AT]], %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, i32
// CHECK-COUNT-7: llvm.atomicrmw add
// CHECK-NOT: llvm.atomicrmw
// CHECK: gpu.return
func.func @histogram(%x: !tile.piece<1024xi32, input>, %h: !tile.atomic<?xi32>) attributes {tile.kernel} {
  %bins = tile.load_piece %x : !tile.piece<1024xi32, input> -> !tile.tile<1024xi32>
  %one = tile.constant dense<1> : !tile.tile<1024xi32>
  %zero = tile.constant dense<0> : !tile.tile<1024xi32>
  %valid = tile.cmp ge, %bins, %zero : !tile.tile<1024xi32> -> !tile.tile<1024xi1>
  tile.atomic_update add %h[%bins], %one if %valid
      : !tile.atomic<?xi32>[!tile.tile<1024xi32>], !tile.tile<1024xi32>, !tile.tile<1024xi1>
  return
}

// A tile of 8 elements over 32 threads: threads that hold the same elements
// (replicas) differ in lane bits 1 to 4, and only the first of them updates.
// Float maxima propagate NaN (fmaximum); each index dimension is checked.
// CHECK-LABEL: gpu.func @replicas
// CHECK: %[[REPLICA_BITS:.*]] = arith.constant 30 : i32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK: %[[ROW:.*]] = arith.cmpi ult, %{{.*}}, %arg4 : i64
// CHECK: %[[COL:.*]] = arith.cmpi ult, %{{.*}}, %arg5 : i64
// CHECK-NEXT: %[[BOTH:.*]] = arith.andi %[[ROW]], %[[COL]] : i1
// CHECK: scf.if %[[BOTH]] {
// CHECK: llvm.atomicrmw fmaximum %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, f32
// CHECK-COUNT-3: llvm.atomicrmw fmaximum
// CHECK-NOT: llvm.atomicrmw
func.func @replicas(%o: !tile.piece<1024xf32>, %a: !tile.atomic<?x?xf32>, %x: !tile.view<?x?xf32>, %i: !tile.view<?x?xi64>, %j: !tile.view<?x?xi32>) attributes {tile.kernel} {
  %c0 = arith.constant 0 : i32
  %v = tile.load %x[%c0, %c0] : !tile.view<?x?xf32> -> !tile.tile<2x4xf32>
  %r = tile.load %i[%c0, %c0] : !tile.view<?x?xi64> -> !tile.tile<2x4xi64>
  %c = tile.load %j[%c0, %c0] : !tile.view<?x?xi32> -> !tile.tile<2x4xi32>
  tile.atomic_update max %a[%r, %c], %v : !tile.atomic<?x?xf32>[!tile.tile<2x4xi64>, !tile.tile<2x4xi32>], !tile.tile<2x4xf32>
  return
}

// Each kind maps onto its LLVM read-modify-write: signed integer minima
// and maxima, float sums and NaN-propagating float minima.
// CHECK-LABEL: gpu.func @kinds
// CHECK: llvm.atomicrmw min %{{.*}} : !llvm.ptr<1>, i64
// CHECK: llvm.atomicrmw _and %{{.*}} : !llvm.ptr<1>, i64
// CHECK: llvm.atomicrmw _or %{{.*}} : !llvm.ptr<1>, i64
// CHECK: llvm.atomicrmw _xor %{{.*}} : !llvm.ptr<1>, i64
// CHECK: llvm.atomicrmw fadd %{{.*}} : !llvm.ptr<1>, bf16
// CHECK: llvm.atomicrmw fminimum %{{.*}} : !llvm.ptr<1>, f16
func.func @kinds(%o: !tile.piece<32xi64>, %l: !tile.atomic<?xi64>, %b: !tile.atomic<?xbf16>, %h: !tile.atomic<?xf16>) attributes {tile.kernel} {
  %i = tile.load_piece %o : !tile.piece<32xi64> -> !tile.tile<32xi64>
  %bv = tile.cast %i : !tile.tile<32xi64> to !tile.tile<32xbf16>
  %hv = tile.cast %i : !tile.tile<32xi64> to !tile.tile<32xf16>
  tile.atomic_update min %l[%i], %i : !tile.atomic<?xi64>[!tile.tile<32xi64>], !tile.tile<32xi64>
  tile.atomic_update and %l[%i], %i : !tile.atomic<?xi64>[!tile.tile<32xi64>], !tile.tile<32xi64>
  tile.atomic_update or %l[%i], %i : !tile.atomic<?xi64>[!tile.tile<32xi64>], !tile.tile<32xi64>
  tile.atomic_update xor %l[%i], %i : !tile.atomic<?xi64>[!tile.tile<32xi64>], !tile.tile<32xi64>
  tile.atomic_update add %b[%i], %bv : !tile.atomic<?xbf16>[!tile.tile<32xi64>], !tile.tile<32xbf16>
  tile.atomic_update min %h[%i], %hv : !tile.atomic<?xf16>[!tile.tile<32xi64>], !tile.tile<32xf16>
  return
}
