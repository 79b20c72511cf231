// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// A piece or a view of rank r becomes a global pointer, r sizes and r
// strides (i64 each), in place; scalars stay as they are.
// CHECK-LABEL: gpu.func @ranks
// CHECK-SAME: (%{{[^:]*}}: !llvm.ptr<1>, %{{[^:]*}}: i64, %{{[^:]*}}: i64,
// CHECK-SAME: %{{[^:]*}}: !llvm.ptr<1>, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64,
// CHECK-SAME: %{{[^:]*}}: !llvm.ptr<1>, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64,
// CHECK-SAME: %{{[^:]*}}: f16, %{{[^:]*}}: i64, %{{[^:]*}}: i1, %{{[^:]*}}: bf16, %{{[^:]*}}: i32, %{{[^:]*}}: f32)
// CHECK-SAME: kernel
func.func @ranks(%a: !tile.piece<16xf32>, %b: !tile.view<?x?xbf16>, %c: !tile.piece<2x4x16xi32>,
                 %s: f16, %t: i64, %u: i1, %v: bf16, %w: i32, %x: f32) attributes {tile.kernel} {
  return
}

// -----

// The shape and strides of each tensor are the ones its accesses use.
// CHECK-LABEL: gpu.func @copy
// CHECK-SAME: (%[[OUT:[^:]*]]: !llvm.ptr<1>, %[[ON0:[^:]*]]: i64, %[[ON1:[^:]*]]: i64, %[[OS0:[^:]*]]: i64, %[[OS1:[^:]*]]: i64,
// CHECK-SAME: %[[IN:[^:]*]]: !llvm.ptr<1>, %[[IN0:[^:]*]]: i64, %[[IN1:[^:]*]]: i64, %[[IS0:[^:]*]]: i64, %[[IS1:[^:]*]]: i64)
// CHECK: llvm.ptrtoint %[[IN]] : !llvm.ptr<1> to i64
// CHECK: arith.muli %[[IS0]], %{{.*}} : i64
// CHECK: arith.cmpi ult, %{{.*}}, %[[IN0]] : i64
// CHECK: arith.muli %{{.*}}, %[[IS0]] : i64
// CHECK: arith.subi %[[IN1]], %{{.*}} : i64
// CHECK: llvm.getelementptr %[[IN]][%{{.*}}]
// CHECK: llvm.ptrtoint %[[OUT]] : !llvm.ptr<1> to i64
// CHECK: arith.muli %[[OS0]], %{{.*}} : i64
// CHECK: arith.cmpi ult, %{{.*}}, %[[ON0]] : i64
// CHECK: arith.muli %{{.*}}, %[[OS0]] : i64
// CHECK: arith.subi %[[ON1]], %{{.*}} : i64
// CHECK: llvm.getelementptr %[[OUT]][%{{.*}}]
func.func @copy(%out: !tile.piece<1x512xf32>, %in: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %in[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<1x512xf32>
  tile.store %t, %out : !tile.tile<1x512xf32>, !tile.piece<1x512xf32>
  return
}

// -----

// Scalar parameters are used directly.
// CHECK-LABEL: gpu.func @scalar
// CHECK-SAME: (%{{[^:]*}}: !llvm.ptr<1>, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %[[S:[^:]*]]: f32)
// CHECK: vector.broadcast %[[S]] : f32 to vector<4xf32>
func.func @scalar(%out: !tile.piece<512xf32>, %s: f32) attributes {tile.kernel} {
  %t = tile.splat %s : f32 -> !tile.tile<512xf32>
  tile.store %t, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// Discardable attributes of the kernel are kept; the result is a gpu.func
// kernel that returns with gpu.return.
// CHECK-LABEL: gpu.func @attributes
// CHECK-SAME: kernel attributes {known_block_size = array<i32: 32, 1, 1>, tile.kernel, tile.name = "attributes<f32, 4>", tile.note = 7 : i64}
// CHECK-NEXT: gpu.return
// CHECK-NOT: func.return
func.func @attributes(%x: i32) attributes {tile.kernel, tile.name = "attributes<f32, 4>", tile.note = 7} {
  return
}
