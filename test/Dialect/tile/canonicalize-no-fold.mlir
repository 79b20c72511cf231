// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// Integer division by zero is left for run time, even on constants.
// CHECK-LABEL: func.func @int_div_by_zero
// CHECK-DAG: %[[Z:.*]] = tile.constant dense<0> : !tile.tile<4xi32>
// CHECK-DAG: %[[S:.*]] = tile.constant dense<5> : !tile.tile<4xi32>
// CHECK: %[[D0:.*]] = tile.div %arg0, %[[Z]] : <4xi32>
// CHECK: %[[D1:.*]] = tile.div %[[S]], %[[Z]] : <4xi32>
// CHECK: return %[[D0]], %[[D1]]
func.func @int_div_by_zero(%x: !tile.tile<4xi32>) -> (!tile.tile<4xi32>, !tile.tile<4xi32>) {
  %z = tile.constant dense<0> : !tile.tile<4xi32>
  %s = tile.constant dense<5> : !tile.tile<4xi32>
  %0 = tile.div %x, %z : !tile.tile<4xi32>
  %1 = tile.div %s, %z : !tile.tile<4xi32>
  return %0, %1 : !tile.tile<4xi32>, !tile.tile<4xi32>
}

// -----

// Neither is the overflowing INT_MIN / -1.
// CHECK-LABEL: func.func @int_div_overflow
// CHECK-DAG: %[[MIN:.*]] = tile.constant dense<-2147483648> : !tile.tile<4xi32>
// CHECK-DAG: %[[M1:.*]] = tile.constant dense<-1> : !tile.tile<4xi32>
// CHECK: %[[D:.*]] = tile.div %[[MIN]], %[[M1]] : <4xi32>
// CHECK: return %[[D]]
func.func @int_div_overflow() -> !tile.tile<4xi32> {
  %min = tile.constant dense<-2147483648> : !tile.tile<4xi32>
  %m1 = tile.constant dense<-1> : !tile.tile<4xi32>
  %0 = tile.div %min, %m1 : !tile.tile<4xi32>
  return %0 : !tile.tile<4xi32>
}

// -----

// x * 0 is not folded: for floats it is NaN for infinite x and -0 for
// negative x.
// CHECK-LABEL: func.func @mul_zero
// CHECK: tile.mul %arg0, %{{.*}} : <4xf32>
func.func @mul_zero(%x: !tile.tile<4xf32>) -> !tile.tile<4xf32> {
  %z = tile.constant dense<0.0> : !tile.tile<4xf32>
  %0 = tile.mul %x, %z : !tile.tile<4xf32>
  return %0 : !tile.tile<4xf32>
}

// -----

// x - x is not folded for floats (NaN and infinities).
// CHECK-LABEL: func.func @sub_self
// CHECK: tile.sub %arg0, %arg0 : <4xf32>
func.func @sub_self(%x: !tile.tile<4xf32>) -> !tile.tile<4xf32> {
  %0 = tile.sub %x, %x : !tile.tile<4xf32>
  return %0 : !tile.tile<4xf32>
}

// -----

// Ops with no folder keep their constant operands.
// CHECK-LABEL: func.func @no_folder
// CHECK: tile.rem
// CHECK: tile.max
// CHECK: tile.min
// CHECK: tile.neg
// CHECK: tile.cast
func.func @no_folder() -> (!tile.tile<4xi32>, !tile.tile<4xi32>, !tile.tile<4xi32>, !tile.tile<4xi32>, !tile.tile<4xf32>) {
  %a = tile.constant dense<7> : !tile.tile<4xi32>
  %b = tile.constant dense<2> : !tile.tile<4xi32>
  %0 = tile.rem %a, %b : !tile.tile<4xi32>
  %1 = tile.max %a, %b : !tile.tile<4xi32>
  %2 = tile.min %a, %b : !tile.tile<4xi32>
  %3 = tile.neg %a : !tile.tile<4xi32>
  %4 = tile.cast %a : !tile.tile<4xi32> to !tile.tile<4xf32>
  return %0, %1, %2, %3, %4 : !tile.tile<4xi32>, !tile.tile<4xi32>, !tile.tile<4xi32>, !tile.tile<4xi32>, !tile.tile<4xf32>
}

// -----

// Memory ops are not removed or merged across a store.
// CHECK-LABEL: func.func @memory
// CHECK: tile.load_piece
// CHECK: tile.store
// CHECK: tile.load_piece
// CHECK: tile.store
func.func @memory(%p: !tile.piece<8xf32>) {
  %0 = tile.load_piece %p : !tile.piece<8xf32> -> !tile.tile<8xf32>
  %1 = tile.add %0, %0 : !tile.tile<8xf32>
  tile.store %1, %p : !tile.tile<8xf32>, !tile.piece<8xf32>
  %2 = tile.load_piece %p : !tile.piece<8xf32> -> !tile.tile<8xf32>
  %3 = tile.mul %2, %2 : !tile.tile<8xf32>
  tile.store %3, %p : !tile.tile<8xf32>, !tile.piece<8xf32>
  return
}

// -----

// Pure ops whose results are unused disappear; loads are reads, so they go
// too.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT: return
func.func @dead(%x: !tile.tile<8xf32>, %v: !tile.view<?xf32>, %i: i32) {
  %0 = tile.exp %x : !tile.tile<8xf32>
  %1 = tile.program_id 0 : i32
  %2 = tile.load %v[%i] : !tile.view<?xf32> -> !tile.tile<8xf32>
  return
}
