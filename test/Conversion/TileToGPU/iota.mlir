// RUN: tile-opt %s --convert-tile-to-gpu --split-input-file | FileCheck %s

// Under the blocked layout, element r of thread t has the flat index
// (r / V) * T * V + t * V + r % V: the lane offsets are a constant, and
// t * V is added to all of them.

// 1024 i32 over 128 threads: runs of 4, two runs per thread; thread t holds
// 4t..4t+3 and 512+4t..512+4t+3.
// CHECK-LABEL: gpu.func @two_runs
// CHECK: %[[BASE:.*]] = arith.constant dense<[0, 1, 2, 3, 512, 513, 514, 515]> : vector<8xi32>
// CHECK-NEXT: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[T:.*]] = arith.index_castui %[[TID]] : index to i32
// CHECK-NEXT: %[[V:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[START:.*]] = arith.muli %[[T]], %[[V]] : i32
// CHECK-NEXT: %[[SPLAT:.*]] = vector.broadcast %[[START]] : i32 to vector<8xi32>
// CHECK-NEXT: arith.addi %[[BASE]], %[[SPLAT]] : vector<8xi32>
func.func @two_runs(%out: !tile.piece<1024xi32>) attributes {tile.kernel} {
  %i = tile.iota : !tile.tile<1024xi32>
  tile.store %i, %out : !tile.tile<1024xi32>, !tile.piece<1024xi32>
  return
}

// -----

// 512 i64: runs of 2, 128 threads, two runs each.
// CHECK-LABEL: gpu.func @i64
// CHECK: %[[BASE:.*]] = arith.constant dense<[0, 1, 256, 257]> : vector<4xi64>
// CHECK-NEXT: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[T:.*]] = arith.index_castui %[[TID]] : index to i64
// CHECK-NEXT: %[[V:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[START:.*]] = arith.muli %[[T]], %[[V]] : i64
// CHECK-NEXT: %[[SPLAT:.*]] = vector.broadcast %[[START]] : i64 to vector<4xi64>
// CHECK-NEXT: arith.addi %[[BASE]], %[[SPLAT]] : vector<4xi64>
func.func @i64(%out: !tile.piece<512xi64>) attributes {tile.kernel} {
  %i = tile.iota : !tile.tile<512xi64>
  tile.store %i, %out : !tile.tile<512xi64>, !tile.piece<512xi64>
  return
}

// -----

// One run per thread: 64 i32 over 16 threads.
// CHECK-LABEL: gpu.func @one_run
// CHECK-SAME: known_block_size = array<i32: 16, 1, 1>
// CHECK: arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
func.func @one_run(%out: !tile.piece<64xi32>) attributes {tile.kernel} {
  %i = tile.iota : !tile.tile<64xi32>
  tile.store %i, %out : !tile.tile<64xi32>, !tile.piece<64xi32>
  return
}

// -----

// A narrower type in memory shortens the runs of the iota too: with f16
// stored, runs are 8 and thread t holds 8t..8t+7 and 1024+8t..1024+8t+7.
// CHECK-LABEL: gpu.func @f16_runs
// CHECK: arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031]> : vector<16xi32>
// CHECK: arith.constant 8 : i32
func.func @f16_runs(%out: !tile.piece<2048xf16>) attributes {tile.kernel} {
  %i = tile.iota : !tile.tile<2048xi32>
  %h = tile.cast %i : !tile.tile<2048xi32> to !tile.tile<2048xf16>
  tile.store %h, %out : !tile.tile<2048xf16>, !tile.piece<2048xf16>
  return
}
