// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu --split-input-file | FileCheck %s

// A constant of different elements that every thread holds whole (the
// lanes hold replicas of a 4-element tile) is a constant vector.
// CHECK-LABEL: gpu.func @replicated
// CHECK: arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>
// CHECK-NOT: llvm.mlir.global
// CHECK-NOT: tile.constant
func.func @replicated(%out: !tile.piece<4xf32>) attributes {tile.kernel} {
  %c = tile.constant dense<[1.0, 2.0, 3.0, 4.0]> : !tile.tile<4xf32>
  tile.store %c, %out : !tile.tile<4xf32>, !tile.piece<4xf32>
  return
}

// -----

// Spread over the lanes (64 f32, runs of 4 over 16 lanes), the elements
// become a table in global memory and each thread loads its four: register r
// of the thread at element offset s holds element s | r.
// CHECK: llvm.mlir.global internal constant @spread_constant_0(dense<[0.000000e+00, 3.700000e+01, 7.400000e+01, {{.*}}]> : tensor<64xf32>) {{.*}}addr_space = 1 : i32{{.*}} : !llvm.array<64 x f32>
// CHECK-LABEL: gpu.func @spread
// CHECK: %[[TABLE:.*]] = llvm.mlir.addressof @spread_constant_0 : !llvm.ptr<1>
// CHECK: %[[START:.*]] = arith.ori %{{.*}}, %{{.*}} : i32
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[I0:.*]] = arith.ori %[[START]], %[[C0]] : i32
// CHECK-NEXT: %[[P0:.*]] = llvm.getelementptr %[[TABLE]][%[[I0]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
// CHECK-NEXT: %[[V0:.*]] = llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NEXT: %[[R0:.*]] = vector.insert %[[V0]], %{{.*}} [0] : f32 into vector<4xf32>
// CHECK: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[I3:.*]] = arith.ori %[[START]], %[[C3]] : i32
// CHECK: vector.insert %{{.*}}, %{{.*}} [3] : f32 into vector<4xf32>
// CHECK-NOT: tile.constant
func.func @spread(%out: !tile.piece<64xf32>) attributes {tile.kernel} {
  %c = tile.constant dense<[0.0, 37.0, 74.0, 10.0, 47.0, 84.0, 20.0, 57.0, 94.0, 30.0, 67.0, 3.0, 40.0, 77.0, 13.0, 50.0, 87.0, 23.0, 60.0, 97.0, 33.0, 70.0, 6.0, 43.0, 80.0, 16.0, 53.0, 90.0, 26.0, 63.0, 100.0, 36.0, 73.0, 9.0, 46.0, 83.0, 19.0, 56.0, 93.0, 29.0, 66.0, 2.0, 39.0, 76.0, 12.0, 49.0, 86.0, 22.0, 59.0, 96.0, 32.0, 69.0, 5.0, 42.0, 79.0, 15.0, 52.0, 89.0, 25.0, 62.0, 99.0, 35.0, 72.0, 8.0]> : !tile.tile<64xf32>
  tile.store %c, %out : !tile.tile<64xf32>, !tile.piece<64xf32>
  return
}

// -----

// Booleans are stored as bytes in the table and compared with zero (one
// byte per element in memory: runs of 16 per thread).
// CHECK: llvm.mlir.global internal constant @flags_constant_0(dense<[1, 0, 0, 1, {{.*}}]> : tensor<64xi8>)
// CHECK-LABEL: gpu.func @flags
// CHECK: %[[B:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<1> -> i8
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i8
// CHECK-NEXT: %[[F:.*]] = arith.cmpi ne, %[[B]], %[[Z]] : i8
// CHECK-NEXT: vector.insert %[[F]], %{{.*}} [0] : i1 into vector<16xi1>
func.func @flags(%out: !tile.piece<64xi1>) attributes {tile.kernel} {
  %c = tile.constant dense<[true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true]> : !tile.tile<64xi1>
  tile.store %c, %out : !tile.tile<64xi1>, !tile.piece<64xi1>
  return
}
