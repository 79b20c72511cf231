// RUN: tile-opt %s --canonicalize --split-input-file | FileCheck %s

// A mask and true, a mask or false, x ^ 0, x & x and a shift by 0 are x.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[M:[^:]*]]: !tile.tile<8xi1>, %[[X:[^:]*]]: !tile.tile<8xi32>)
// CHECK-NEXT: return %[[M]], %[[M]], %[[M]], %[[X]], %[[X]], %[[X]], %[[X]]
func.func @identities(%m: !tile.tile<8xi1>, %x: !tile.tile<8xi32>)
    -> (!tile.tile<8xi1>, !tile.tile<8xi1>, !tile.tile<8xi1>, !tile.tile<8xi32>,
        !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>) {
  %true = tile.constant dense<true> : !tile.tile<8xi1>
  %false = tile.constant dense<false> : !tile.tile<8xi1>
  %zero = tile.constant dense<0> : !tile.tile<8xi32>
  %0 = tile.and %true, %m : !tile.tile<8xi1>
  %1 = tile.or %m, %false : !tile.tile<8xi1>
  %2 = tile.xor %m, %false : !tile.tile<8xi1>
  %3 = tile.and %x, %x : !tile.tile<8xi32>
  %4 = tile.or %x, %x : !tile.tile<8xi32>
  %5 = tile.shl %x, %zero : !tile.tile<8xi32>
  %6 = tile.shr %x, %zero : !tile.tile<8xi32>
  return %0, %1, %2, %3, %4, %5, %6 : !tile.tile<8xi1>, !tile.tile<8xi1>, !tile.tile<8xi1>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>
}

// -----

// x & 0 and x ^ x are not folded (x ^ x would be, were it worth a rule).
// CHECK-LABEL: func.func @kept
// CHECK: tile.and
// CHECK: tile.xor
func.func @kept(%x: !tile.tile<8xi32>) -> (!tile.tile<8xi32>, !tile.tile<8xi32>) {
  %zero = tile.constant dense<0> : !tile.tile<8xi32>
  %0 = tile.and %x, %zero : !tile.tile<8xi32>
  %1 = tile.xor %x, %x : !tile.tile<8xi32>
  return %0, %1 : !tile.tile<8xi32>, !tile.tile<8xi32>
}

// -----

// Constants fold, shifts with the GPU's meaning for counts past the width:
// -8 << 1 = -16, -8 >> 1 = -4, 1 << 32 = 0, -8 >> 40 = -1, -8 >> -1 = -1
// (the count read unsigned), 12 & 10 = 8, 12 | 10 = 14, 12 ^ 10 = 6, ~12.
// CHECK-LABEL: func.func @constants
// CHECK-DAG: %[[M16:.*]] = tile.constant dense<-16> : !tile.tile<8xi32>
// CHECK-DAG: %[[M4:.*]] = tile.constant dense<-4> : !tile.tile<8xi32>
// CHECK-DAG: %[[Z:.*]] = tile.constant dense<0> : !tile.tile<8xi32>
// CHECK-DAG: %[[M1:.*]] = tile.constant dense<-1> : !tile.tile<8xi32>
// CHECK-DAG: %[[C8:.*]] = tile.constant dense<8> : !tile.tile<8xi32>
// CHECK-DAG: %[[C14:.*]] = tile.constant dense<14> : !tile.tile<8xi32>
// CHECK-DAG: %[[C6:.*]] = tile.constant dense<6> : !tile.tile<8xi32>
// CHECK-DAG: %[[M13:.*]] = tile.constant dense<-13> : !tile.tile<8xi32>
// CHECK: return %[[M16]], %[[M4]], %[[Z]], %[[M1]], %[[M1]], %[[C8]], %[[C14]], %[[C6]], %[[M13]]
func.func @constants() -> (!tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>) {
  %m8 = tile.constant dense<-8> : !tile.tile<8xi32>
  %one = tile.constant dense<1> : !tile.tile<8xi32>
  %c32 = tile.constant dense<32> : !tile.tile<8xi32>
  %c40 = tile.constant dense<40> : !tile.tile<8xi32>
  %m1 = tile.constant dense<-1> : !tile.tile<8xi32>
  %c12 = tile.constant dense<12> : !tile.tile<8xi32>
  %c10 = tile.constant dense<10> : !tile.tile<8xi32>
  %0 = tile.shl %m8, %one : !tile.tile<8xi32>
  %1 = tile.shr %m8, %one : !tile.tile<8xi32>
  %2 = tile.shl %one, %c32 : !tile.tile<8xi32>
  %3 = tile.shr %m8, %c40 : !tile.tile<8xi32>
  %4 = tile.shr %m8, %m1 : !tile.tile<8xi32>
  %5 = tile.and %c12, %c10 : !tile.tile<8xi32>
  %6 = tile.or %c12, %c10 : !tile.tile<8xi32>
  %7 = tile.xor %c12, %c10 : !tile.tile<8xi32>
  %8 = tile.not %c12 : !tile.tile<8xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>, !tile.tile<8xi32>
}

// -----

// Two complements are none.
// CHECK-LABEL: func.func @not_not
// CHECK-SAME: (%[[M:[^:]*]]: !tile.tile<8xi1>)
// CHECK-NEXT: return %[[M]]
func.func @not_not(%m: !tile.tile<8xi1>) -> !tile.tile<8xi1> {
  %0 = tile.not %m : !tile.tile<8xi1>
  %1 = tile.not %0 : !tile.tile<8xi1>
  return %1 : !tile.tile<8xi1>
}
