// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu | FileCheck %s

// Bit ops are arith's; a shift's count is read unsigned and clamped to the
// width, where LLVM's shifts would give poison: << past the width gives 0,
// >> the sign. ~x and !m are x ^ ~0.

// CHECK-LABEL: gpu.func @bits_i32
// CHECK: %[[A:.*]] = vector.insert_strided_slice {{.*}} into vector<4xi32>
// CHECK: %[[B:.*]] = vector.insert_strided_slice {{.*}} into vector<4xi32>
// CHECK-NEXT: %[[R0:.*]] = arith.andi %[[A]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[R1:.*]] = arith.ori %[[R0]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[R2:.*]] = arith.xori %[[R1]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[W:.*]] = arith.constant dense<32> : vector<4xi32>
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi ult, %[[B]], %[[W]] : vector<4xi32>
// CHECK-NEXT: %[[SHL:.*]] = arith.shli %[[R2]], %[[B]] : vector<4xi32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<4xi32>
// CHECK-NEXT: %[[R3:.*]] = arith.select %[[IN]], %[[SHL]], %[[Z]] : vector<4xi1>, vector<4xi32>
// CHECK-NEXT: %[[TOP:.*]] = arith.constant dense<31> : vector<4xi32>
// CHECK-NEXT: %[[CLAMP:.*]] = arith.minui %[[B]], %[[TOP]] : vector<4xi32>
// CHECK-NEXT: %[[R4:.*]] = arith.shrsi %[[R3]], %[[CLAMP]] : vector<4xi32>
// CHECK-NEXT: %[[ONES:.*]] = arith.constant dense<-1> : vector<4xi32>
// CHECK-NEXT: %[[R5:.*]] = arith.xori %[[R4]], %[[ONES]] : vector<4xi32>
// CHECK: vector.extract_strided_slice %[[R5]]
func.func @bits_i32(%out: !tile.piece<512xi32>, %x: !tile.view<?xi32>, %y: !tile.view<?xi32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xi32> -> !tile.tile<512xi32>
  %b = tile.load %y[%p] : !tile.view<?xi32> -> !tile.tile<512xi32>
  %0 = tile.and %a, %b : !tile.tile<512xi32>
  %1 = tile.or %0, %b : !tile.tile<512xi32>
  %2 = tile.xor %1, %b : !tile.tile<512xi32>
  %3 = tile.shl %2, %b : !tile.tile<512xi32>
  %4 = tile.shr %3, %b : !tile.tile<512xi32>
  %5 = tile.not %4 : !tile.tile<512xi32>
  tile.store %5, %out : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}

// CHECK-LABEL: gpu.func @shifts_i64
// CHECK: arith.constant dense<64> : vector<2xi64>
// CHECK: arith.shli {{.*}} : vector<2xi64>
// CHECK: arith.constant dense<63> : vector<2xi64>
// CHECK: arith.shrsi {{.*}} : vector<2xi64>
func.func @shifts_i64(%out: !tile.piece<256xi64>, %x: !tile.view<?xi64>, %y: !tile.view<?xi64>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xi64> -> !tile.tile<256xi64>
  %b = tile.load %y[%p] : !tile.view<?xi64> -> !tile.tile<256xi64>
  %0 = tile.shl %a, %b : !tile.tile<256xi64>
  %1 = tile.shr %0, %b : !tile.tile<256xi64>
  tile.store %1, %out : !tile.tile<256xi64>, !tile.piece<256xi64>
  return
}

// CHECK-LABEL: gpu.func @masks
// CHECK: %[[LT:.*]] = arith.cmpf olt
// CHECK: %[[GT:.*]] = arith.cmpf ogt
// CHECK-NEXT: %[[BOTH:.*]] = arith.andi %[[LT]], %[[GT]] : vector<4xi1>
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant dense<true> : vector<4xi1>
// CHECK-NEXT: %[[NOT:.*]] = arith.xori %[[BOTH]], %[[TRUE]] : vector<4xi1>
// CHECK-NEXT: %[[EITHER:.*]] = arith.ori %[[NOT]], %[[LT]] : vector<4xi1>
// CHECK-NEXT: arith.select %[[EITHER]]
func.func @masks(%out: !tile.piece<512xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<512xf32>
  %zero = tile.constant dense<0.0> : !tile.tile<512xf32>
  %one = tile.constant dense<1.0> : !tile.tile<512xf32>
  %lt = tile.cmp lt, %a, %one : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %gt = tile.cmp gt, %a, %zero : !tile.tile<512xf32> -> !tile.tile<512xi1>
  %both = tile.and %lt, %gt : !tile.tile<512xi1>
  %not = tile.not %both : !tile.tile<512xi1>
  %either = tile.or %not, %lt : !tile.tile<512xi1>
  %r = tile.select %either, %a, %zero : !tile.tile<512xi1>, !tile.tile<512xf32>
  tile.store %r, %out : !tile.tile<512xf32>, !tile.piece<512xf32>
  return
}

// A bitcast is arith's, on the thread's vector.
// CHECK-LABEL: gpu.func @bitcast
// CHECK: %[[X:.*]] = vector.insert_strided_slice {{.*}} into vector<4xf32>
// CHECK-NEXT: %[[B:.*]] = arith.bitcast %[[X]] : vector<4xf32> to vector<4xi32>
// CHECK: vector.extract_strided_slice %[[B]]
func.func @bitcast(%out: !tile.piece<512xi32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %a = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<512xf32>
  %b = tile.bitcast %a : !tile.tile<512xf32> to !tile.tile<512xi32>
  tile.store %b, %out : !tile.tile<512xi32>, !tile.piece<512xi32>
  return
}
