// RUN: tile-opt %s --convert-tile-to-gpu | FileCheck %s

// CHECK-LABEL: gpu.func @casts
// CHECK: arith.truncf %{{.*}} : vector<4xf32> to vector<4xbf16>
// CHECK: %[[W:.*]] = arith.extf %{{.*}} : vector<4xbf16> to vector<4xf32>
// CHECK-NEXT: arith.truncf %[[W]] : vector<4xf32> to vector<4xf16>
// CHECK: arith.fptosi %{{.*}} : vector<4xf32> to vector<4xi32>
// CHECK: arith.sitofp %{{.*}} : vector<4xi32> to vector<4xf32>
// CHECK: arith.extsi %{{.*}} : vector<4xi32> to vector<4xi64>
// CHECK: arith.cmpf une
// CHECK: arith.uitofp %{{.*}} : vector<4xi1> to vector<4xf32>
func.func @casts(%out: !tile.piece<512xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<512xf32>
  %0 = tile.cast %a : !tile.tile<512xf32> to !tile.tile<512xbf16>
  %1 = tile.cast %0 : !tile.tile<512xbf16> to !tile.tile<512xf16>
  %2 = tile.cast %a : !tile.tile<512xf32> to !tile.tile<512xi32>
  %3 = tile.cast %2 : !tile.tile<512xi32> to !tile.tile<512xf32>
  %4 = tile.cast %2 : !tile.tile<512xi32> to !tile.tile<512xi64>
  %5 = tile.cast %3 : !tile.tile<512xf32> to !tile.tile<512xi1>
  %6 = tile.cast %5 : !tile.tile<512xi1> to !tile.tile<512xf32>
  tile.store %6, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}
