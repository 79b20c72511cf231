// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// The layout follows the row-major flat index, so a reshape moves nothing:
// the stored vector is the loaded one.
// CHECK-LABEL: gpu.func @flatten
// CHECK: %[[LOADED:.*]] = vector.insert_strided_slice %{{.*}}, %{{.*}} {offsets = [4], strides = [1]} : vector<4xf32> into vector<8xf32>
// CHECK-NOT: tile.reshape
// CHECK: vector.extract_strided_slice %[[LOADED]] {offsets = [0], sizes = [4], strides = [1]}
func.func @flatten(%out: !tile.piece<1024xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<16x64xf32>
  %r = tile.reshape %t : !tile.tile<16x64xf32> to !tile.tile<1024xf32>
  tile.store %r, %out : !tile.tile<1024xf32>, !tile.piece<1024xf32>
  return
}
