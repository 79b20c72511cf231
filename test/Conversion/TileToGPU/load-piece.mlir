// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// load_piece reads the program's own piece: its tile index is the block id
// along each of the piece's dimensions, and it pads with zero.
// CHECK-LABEL: gpu.func @load_piece
// CHECK-SAME: (%[[P:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: i64, %{{[^:]*}}: i64)
// CHECK: %[[BID:.*]] = gpu.block_id x
// CHECK-NEXT: %[[TILE:.*]] = arith.index_castui %[[BID]] : index to i64
// CHECK: %[[PAD:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK: llvm.ptrtoint %[[P]] : !llvm.ptr<1> to i64
// CHECK: arith.muli %[[TILE]], %{{.*}} : i64
// CHECK: arith.subi %[[N]], %{{.*}} : i64
// CHECK: %[[PTR:.*]] = llvm.getelementptr %[[P]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: scf.if %{{.*}} -> (vector<4xf32>) {
// CHECK-NEXT: llvm.load %[[PTR]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: } else {
// CHECK: llvm.intr.masked.load %[[PTR]], %{{.*}}, %[[PAD]] {alignment = 4 : i32}
// CHECK: arith.addf
// CHECK: llvm.store
func.func @load_piece(%out: !tile.piece<512xf32>) attributes {tile.kernel} {
  %t = tile.load_piece %out : !tile.piece<512xf32> -> !tile.tile<512xf32>
  %u = tile.add %t, %t : !tile.tile<512xf32>
  tile.store %u, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// A 2-D piece is indexed by block ids x and y.
// CHECK-LABEL: gpu.func @load_piece_2d
// CHECK: %[[BX:.*]] = gpu.block_id x
// CHECK-NEXT: %[[TX:.*]] = arith.index_castui %[[BX]] : index to i64
// CHECK-NEXT: %[[BY:.*]] = gpu.block_id y
// CHECK-NEXT: %[[TY:.*]] = arith.index_castui %[[BY]] : index to i64
// CHECK: arith.muli %[[TX]], %{{.*}} : i64
// CHECK: arith.muli %[[TY]], %{{.*}} : i64
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xbf16>
func.func @load_piece_2d(%out: !tile.piece<16x64xbf16>) attributes {tile.kernel} {
  %t = tile.load_piece %out : !tile.piece<16x64xbf16> -> !tile.tile<16x64xbf16>
  tile.store %t, %out : !tile.tile<16x64xbf16>, !tile.piece<16x64xbf16>
  return
}
