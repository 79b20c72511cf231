// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// A load at element offsets starts its tile anywhere, before the tensor
// too. Each run of a thread's elements is a vector load only when it lies
// wholly inside the tensor, from its start (first >= 0), and the innermost
// offset keeps it aligned; a misaligned run wholly inside loads element by
// element; otherwise a masked load reads the lanes in
// [-first, extent - first), so that nothing outside the tensor is read.

// CHECK-LABEL: gpu.func @load_at_1d
// CHECK-SAME: (%{{[^:]*}}: !llvm.ptr<1>, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %[[X:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: i64, %{{[^:]*}}: i64, %[[O:[^:]*]]: i64)
// The innermost offset enters the alignment test.
// CHECK: %[[MIS:.*]] = arith.andi %[[O]], %c3_i64{{[_0-9]*}} : i64
// CHECK: arith.ori %{{.*}}, %[[MIS]] : i64
// The run's first element: the offset plus its place in the tile.
// CHECK: %[[FIRST:.*]] = arith.addi %[[O]], %{{.*}} : i64
// CHECK: %[[REACHES:.*]] = arith.cmpi slt, %[[FIRST]], %[[N]] : i64
// CHECK: %[[REMAINING:.*]] = arith.subi %[[N]], %[[FIRST]] : i64
// CHECK: %[[COUNT:.*]] = arith.select %{{.*}}, %[[REMAINING]], %{{c0_i64[_0-9]*}} : i64
// CHECK: %[[SKIP:.*]] = arith.subi %{{c0_i64[_0-9]*}}, %[[FIRST]] : i64
// CHECK: %[[WHOLE:.*]] = arith.cmpi sge, %[[COUNT]], %{{c4_i64[_0-9]*}} : i64
// CHECK: %[[FROM_START:.*]] = arith.cmpi sge, %[[FIRST]], %{{c0_i64[_0-9]*}} : i64
// CHECK: %[[INSIDE:.*]] = arith.andi %[[WHOLE]], %[[FROM_START]] : i1
// CHECK: %[[FAST:.*]] = arith.andi %[[INSIDE]], %{{.*}} : i1
// CHECK: scf.if %[[FAST]] -> (vector<4xf32>) {
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: } else {
// Inside but misaligned: element by element, with no lane test.
// CHECK: scf.if %[[INSIDE]] -> (vector<4xf32>) {
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: } else {
// CHECK: %[[COUNTS:.*]] = vector.broadcast %[[COUNT]] : i64 to vector<4xi64>
// CHECK: %[[BEFORE_END:.*]] = arith.cmpi sgt, %[[COUNTS]], %{{.*}} : vector<4xi64>
// CHECK: %[[SKIPS:.*]] = vector.broadcast %[[SKIP]] : i64 to vector<4xi64>
// CHECK: %[[AFTER_START:.*]] = arith.cmpi sge, %{{.*}}, %[[SKIPS]] : vector<4xi64>
// CHECK: %[[MASK:.*]] = arith.andi %[[BEFORE_END]], %[[AFTER_START]] : vector<4xi1>
// CHECK: llvm.intr.masked.load %{{.*}}, %[[MASK]], %{{.*}} {alignment = 4 : i32}
func.func @load_at_1d(%out: !tile.piece<512xf32>, %x: !tile.view<?xf32>, %o: i64) attributes {tile.kernel} {
  %a = tile.load_at %x[%o] : !tile.view<?xf32> -> !tile.tile<512xf32>
  tile.store %a, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// Outer dimensions need no lane mask: a row before or past the tensor
// (unsigned compare: a negative row too) makes the whole run's count zero.
// CHECK-LABEL: gpu.func @load_at_2d
// CHECK-SAME: (%{{[^:]*}}: !llvm.ptr<1>, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %[[X:[^:]*]]: !llvm.ptr<1>, %[[ROWS:[^:]*]]: i64, %[[COLS:[^:]*]]: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %[[R:[^:]*]]: i64, %[[C:[^:]*]]: i64)
// CHECK: %[[ROW:.*]] = arith.addi %[[R]], %{{.*}} : i64
// CHECK: %[[ROW_INSIDE:.*]] = arith.cmpi ult, %[[ROW]], %[[ROWS]] : i64
// CHECK: %[[IN:.*]] = arith.andi %true, %[[ROW_INSIDE]] : i1
// CHECK: %[[FIRST:.*]] = arith.addi %[[C]], %{{.*}} : i64
// CHECK: %[[BEFORE:.*]] = arith.cmpi slt, %[[FIRST]], %[[COLS]] : i64
// CHECK: arith.andi %[[IN]], %[[BEFORE]] : i1
func.func @load_at_2d(%out: !tile.piece<16x64xf32>, %x: !tile.view<?x?xf32>, %r: i64, %c: i64) attributes {tile.kernel} {
  %a = tile.load_at %x[%r, %c] : !tile.view<?x?xf32> -> !tile.tile<16x64xf32>
  tile.store %a, %out : !tile.tile<16x64xf32>, !tile.piece<16x64xf32>
  return
}
