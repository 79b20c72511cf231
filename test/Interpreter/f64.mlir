// RUN: tile-interp %s --args=0.1 | FileCheck %s

// f64 computes in f64: 0.1 * 3 and a sum of eight 0.1s keep double's
// digits, which f32 would round away. Casts from f64 round once: to f32,
// and to f16 (1 + 2^-11 + 2^-36 rounds up to 1 + 2^-10, where going through
// f32 would round twice, to the tie 1 + 2^-11 and then to even, 1); to an
// integer they truncate toward zero.
// CHECK: f64_arith: 0.30000000000000004 0.79999999999999993 0.100000001 -2 1.00097656 0.5 0.5 0.5
func.func @f64_arith(%out: !tile.piece<8xf64>, %s: f64) attributes {tile.kernel, tile.name = "f64_arith"} {
  %splat = tile.splat %s : f64 -> !tile.tile<8xf64>
  %three = tile.constant dense<3.0> : !tile.tile<8xf64>
  %product = tile.mul %splat, %three : !tile.tile<8xf64>
  %sum = tile.reduce sum %splat {axis = 0 : i32} : !tile.tile<8xf64> to !tile.tile<1xf64>
  %sumItem = tile.item %sum : !tile.tile<1xf64> -> f64
  %sums = tile.splat %sumItem : f64 -> !tile.tile<8xf64>
  %narrow = tile.cast %splat : !tile.tile<8xf64> to !tile.tile<8xf32>
  %back = tile.cast %narrow : !tile.tile<8xf32> to !tile.tile<8xf64>
  %neg = tile.constant dense<-2.75> : !tile.tile<8xf64>
  %int = tile.cast %neg : !tile.tile<8xf64> to !tile.tile<8xi32>
  %intBack = tile.cast %int : !tile.tile<8xi32> to !tile.tile<8xf64>
  %odd = tile.constant dense<1.000488281264552> : !tile.tile<8xf64>
  %half = tile.cast %odd : !tile.tile<8xf64> to !tile.tile<8xf16>
  %halfBack = tile.cast %half : !tile.tile<8xf16> to !tile.tile<8xf64>
  %rest = tile.constant dense<0.5> : !tile.tile<8xf64>
  %i = tile.iota : <8xi32>
  %c0 = tile.constant dense<0> : !tile.tile<8xi32>
  %c1 = tile.constant dense<1> : !tile.tile<8xi32>
  %c2 = tile.constant dense<2> : !tile.tile<8xi32>
  %c3 = tile.constant dense<3> : !tile.tile<8xi32>
  %c4 = tile.constant dense<4> : !tile.tile<8xi32>
  %is0 = tile.cmp eq, %i, %c0 : <8xi32> -> <8xi1>
  %is1 = tile.cmp eq, %i, %c1 : <8xi32> -> <8xi1>
  %is2 = tile.cmp eq, %i, %c2 : <8xi32> -> <8xi1>
  %is3 = tile.cmp eq, %i, %c3 : <8xi32> -> <8xi1>
  %is4 = tile.cmp eq, %i, %c4 : <8xi32> -> <8xi1>
  %r4 = tile.select %is4, %halfBack, %rest : <8xi1>, <8xf64>
  %r3 = tile.select %is3, %intBack, %r4 : <8xi1>, <8xf64>
  %r2 = tile.select %is2, %back, %r3 : <8xi1>, <8xf64>
  %r1 = tile.select %is1, %sums, %r2 : <8xi1>, <8xf64>
  %r0 = tile.select %is0, %product, %r1 : <8xi1>, <8xf64>
  tile.store %r0, %out : !tile.tile<8xf64>, !tile.piece<8xf64>
  return
}
