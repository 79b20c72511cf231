// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// fma is math.fma in the tile's own type, rounded once.
// CHECK-LABEL: gpu.func @fma_f32
// CHECK-SAME: %[[S:[^:]*]]: f32)
// CHECK: %[[B:.*]] = vector.broadcast %[[S]] : f32 to vector<4xf32>
// CHECK: %[[X:.*]] = vector.insert_strided_slice {{.*}} into vector<4xf32>
// CHECK-NEXT: %[[R:.*]] = math.fma %[[X]], %[[B]], %[[X]] : vector<4xf32>
// CHECK: vector.extract_strided_slice %[[R]]
func.func @fma_f32(%out: !tile.piece<512xf32>, %s: f32) attributes {tile.kernel} {
  %b = tile.splat %s : f32 -> !tile.tile<512xf32>
  %x = tile.load_piece %out : !tile.piece<512xf32> -> !tile.tile<512xf32>
  %0 = tile.fma %x, %b, %x : !tile.tile<512xf32>
  tile.store %0, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// -----

// CHECK-LABEL: gpu.func @fma_bf16
// CHECK: %[[X:.*]] = vector.insert_strided_slice {{.*}} into vector<8xbf16>
// CHECK-NEXT: math.fma %[[X]], %[[X]], %[[X]] : vector<8xbf16>
// CHECK-NOT: arith.extf
func.func @fma_bf16(%out: !tile.piece<1024xbf16>) attributes {tile.kernel} {
  %x = tile.load_piece %out : !tile.piece<1024xbf16> -> !tile.tile<1024xbf16>
  %0 = tile.fma %x, %x, %x : !tile.tile<1024xbf16>
  tile.store %0, %out : !tile.tile<1024xbf16>, !tile.piece<1024xbf16>
  return
}
