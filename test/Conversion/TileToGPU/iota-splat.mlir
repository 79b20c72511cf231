// RUN: tile-opt %s --convert-tile-to-gpu | FileCheck %s

// 1024 i32 elements over 128 threads: runs of 4, two runs per thread.
// Thread t holds 4t..4t+3 and 512+4t..512+4t+3.
// CHECK-LABEL: gpu.func @iota
// CHECK: %[[BASE:.*]] = arith.constant dense<[0, 1, 2, 3, 512, 513, 514, 515]> : vector<8xi32>
// CHECK: %[[TID:.*]] = gpu.thread_id  x
// CHECK: %[[T:.*]] = arith.index_castui %[[TID]] : index to i32
// CHECK: %[[START:.*]] = arith.muli %[[T]], %{{.*}} : i32
// CHECK: %[[SPLAT:.*]] = vector.broadcast %[[START]] : i32 to vector<8xi32>
// CHECK: arith.addi %[[BASE]], %[[SPLAT]] : vector<8xi32>
// CHECK: vector.broadcast %{{.*}} : i32 to vector<8xi32>
// CHECK: arith.constant dense<7> : vector<8xi32>
func.func @iota(%out: !tile.piece<1024xi32>, %s: i32) attributes {tile.kernel} {
  %i = tile.iota : !tile.tile<1024xi32>
  %b = tile.splat %s : i32 -> !tile.tile<1024xi32>
  %c = tile.constant dense<7> : !tile.tile<1024xi32>
  %0 = tile.add %i, %b : !tile.tile<1024xi32>
  %1 = tile.mul %0, %c : !tile.tile<1024xi32>
  tile.store %1, %out : !tile.tile<1024xi32>, !tile.piece<1024xi32>
  return
}
