// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// Register r of a thread holds the element whose flat index is the
// register's part (a constant vector) or'ed with the thread's part, which
// the layout takes from the bits of the thread index.

// 1024 i32 over 128 threads: runs of 4, two runs per thread; thread t holds
// 4t..4t+3 and 512+4t..512+4t+3.
// CHECK-LABEL: gpu.func @two_runs
// CHECK: %[[BASE:.*]] = arith.constant dense<[0, 1, 2, 3, 512, 513, 514, 515]> : vector<8xi32>
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[T:.*]] = arith.index_castui %[[TID]] : index to i32
// CHECK: %[[C127:.*]] = arith.constant 127 : i32
// CHECK-NEXT: %[[BITS:.*]] = arith.andi %[[T]], %[[C127]] : i32
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[SHIFTED:.*]] = arith.shli %[[BITS]], %[[C2]] : i32
// CHECK-NEXT: %[[START:.*]] = arith.ori %{{.*}}, %[[SHIFTED]] : i32
// CHECK-NEXT: %[[SPLAT:.*]] = vector.broadcast %[[START]] : i32 to vector<8xi32>
// CHECK-NEXT: arith.ori %[[BASE]], %[[SPLAT]] : vector<8xi32>
func.func @two_runs(%out: !tile.piece<1024xi32>) attributes {tile.kernel} {
  %i = tile.iota : !tile.tile<1024xi32>
  tile.store %i, %out : !tile.tile<1024xi32>, !tile.piece<1024xi32>
  return
}

// -----

// 512 i64: runs of 2, 128 threads, two runs each; the thread's part is
// widened to i64.
// CHECK-LABEL: gpu.func @i64
// CHECK: %[[BASE:.*]] = arith.constant dense<[0, 1, 256, 257]> : vector<4xi64>
// CHECK: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[SHIFTED:.*]] = arith.shli %{{.*}}, %[[C1]] : i32
// CHECK-NEXT: %[[START:.*]] = arith.ori %{{.*}}, %[[SHIFTED]] : i32
// CHECK-NEXT: %[[WIDE:.*]] = arith.extui %[[START]] : i32 to i64
// CHECK-NEXT: %[[SPLAT:.*]] = vector.broadcast %[[WIDE]] : i64 to vector<4xi64>
// CHECK-NEXT: arith.ori %[[BASE]], %[[SPLAT]] : vector<4xi64>
func.func @i64(%out: !tile.piece<512xi64>) attributes {tile.kernel} {
  %i = tile.iota : !tile.tile<512xi64>
  tile.store %i, %out : !tile.tile<512xi64>, !tile.piece<512xi64>
  return
}

// -----

// One run per thread: 64 i32 fill half a warp; lanes 16..31 hold replicas
// of lanes 0..15, so only lane bits 0..3 select elements.
// CHECK-LABEL: gpu.func @one_run
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK: arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
// CHECK: %[[C15:.*]] = arith.constant 15 : i32
// CHECK-NEXT: arith.andi %{{.*}}, %[[C15]] : i32
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
// CHECK: arith.constant 3 : i32
func.func @f16_runs(%out: !tile.piece<2048xf16>) attributes {tile.kernel} {
  %i = tile.iota : !tile.tile<2048xi32>
  %h = tile.cast %i : !tile.tile<2048xi32> to !tile.tile<2048xf16>
  tile.store %h, %out : !tile.tile<2048xf16>, !tile.piece<2048xf16>
  return
}
