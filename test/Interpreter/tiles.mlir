// RUN: tile-interp %s --args=1.5 | FileCheck %s

// Element-wise tiles: iota cast to f32 and rounded through bf16, compared
// with a scalar (tile.cmp lt on floats), selected, and stored whole.
// CHECK: ramp: 1.5 1.5 2 3
func.func @ramp(%out: !tile.piece<4xf32>, %floor: f32) attributes {tile.kernel, tile.name = "ramp"} {
  %i = tile.iota : <4xi32>
  %f = tile.cast %i : <4xi32> to <4xf32>
  %h = tile.cast %f : <4xf32> to <4xbf16>
  %w = tile.cast %h : <4xbf16> to <4xf32>
  %s = tile.splat %floor : f32 -> <4xf32>
  %below = tile.cmp lt, %w, %s : <4xf32> -> <4xi1>
  %r = tile.select %below, %s, %w : <4xi1>, <4xf32>
  tile.store %r, %out : <4xf32>, <4xf32>
  return
}

// Bit ops, and shifts by counts past the width (1 << 32 and up give 0,
// -64 >> 32 and up give -1), as on the GPU.
// CHECK: bits: 1 256 65536 16777216 0 0 0 0 -64 -1 -1 -1 -1 -1 -1 -1 -4 -3 -2 -1 -8 -7 -6 -5 1 1 0 1 0 0 0 0
func.func @bits(%shl: !tile.piece<8xi32>, %shr: !tile.piece<8xi32>, %mixed: !tile.piece<8xi32>, %mask: !tile.piece<8xi32>) attributes {tile.kernel, tile.name = "bits"} {
  %i = tile.iota : <8xi32>
  %eight = tile.constant dense<8> : !tile.tile<8xi32>
  %one = tile.constant dense<1> : !tile.tile<8xi32>
  %minus64 = tile.constant dense<-64> : !tile.tile<8xi32>
  %three = tile.constant dense<3> : !tile.tile<8xi32>
  %counts = tile.mul %i, %eight : <8xi32>
  %a = tile.shl %one, %counts : <8xi32>
  tile.store %a, %shl : <8xi32>, <8xi32>
  %b = tile.shr %minus64, %counts : <8xi32>
  tile.store %b, %shr : <8xi32>, <8xi32>
  // ~(i ^ 3) | (i & 0)
  %x = tile.xor %i, %three : <8xi32>
  %n = tile.not %x : <8xi32>
  %zero = tile.constant dense<0> : !tile.tile<8xi32>
  %z = tile.and %i, %zero : <8xi32>
  %m = tile.or %n, %z : <8xi32>
  tile.store %m, %mixed : <8xi32>, <8xi32>
  // (i < 2) | (i == 3), and not (i > 5)
  %two = tile.constant dense<2> : !tile.tile<8xi32>
  %five = tile.constant dense<5> : !tile.tile<8xi32>
  %lt = tile.cmp lt, %i, %two : <8xi32> -> <8xi1>
  %eq = tile.cmp eq, %i, %three : <8xi32> -> <8xi1>
  %gt = tile.cmp gt, %i, %five : <8xi32> -> <8xi1>
  %either = tile.or %lt, %eq : <8xi1>
  %le = tile.not %gt : <8xi1>
  %keep = tile.and %either, %le : <8xi1>
  %k = tile.select %keep, %one, %zero : <8xi1>, <8xi32>
  tile.store %k, %mask : <8xi32>, <8xi32>
  return
}

// scf.while: halve a one-element tile until its element, read by
// tile.item, is at most the argument (1.5), counting the halvings.
// CHECK: halvings: 4 4 4 4
func.func @halvings(%out: !tile.piece<4xi32>, %limit: f32) attributes {tile.kernel, tile.name = "halvings"} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %half = tile.constant dense<0.5> : !tile.tile<1xf32>
  %start = tile.constant dense<20.0> : !tile.tile<1xf32>
  %r:2 = scf.while (%t = %start, %k = %c0) : (!tile.tile<1xf32>, i32) -> (!tile.tile<1xf32>, i32) {
    %s = tile.item %t : !tile.tile<1xf32> -> f32
    %more = arith.cmpf ogt, %s, %limit : f32
    scf.condition(%more) %t, %k : !tile.tile<1xf32>, i32
  } do {
  ^bb0(%t: !tile.tile<1xf32>, %k: i32):
    %h = tile.mul %t, %half : !tile.tile<1xf32>
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %h, %k1 : !tile.tile<1xf32>, i32
  }
  %k = tile.splat %r#1 : i32 -> <4xi32>
  tile.store %k, %out : <4xi32>, <4xi32>
  return
}

// Reductions along either axis of a 2 x 4 tile of iota: sums down the
// columns, maxima along the rows, products along the rows (0 * 1 * 2 * 3 and
// 4 * 5 * 6 * 7).
// CHECK: reductions: 4 6 8 10 3 7 0 840
func.func @reductions(%columns: !tile.piece<1x4xi32>, %rows: !tile.piece<2x1xi32>, %products: !tile.piece<2x1xi32>) attributes {tile.kernel, tile.name = "reductions"} {
  %flat = tile.iota : <8xi32>
  %t = tile.reshape %flat : <8xi32> to <2x4xi32>
  %sums = tile.reduce sum %t {axis = 0 : i32} : <2x4xi32> to <1x4xi32>
  tile.store %sums, %columns : <1x4xi32>, <1x4xi32>
  %maxima = tile.reduce max %t {axis = 1 : i32} : <2x4xi32> to <2x1xi32>
  tile.store %maxima, %rows : <2x1xi32>, <2x1xi32>
  %prod = tile.reduce prod %t {axis = 1 : i32} : <2x4xi32> to <2x1xi32>
  tile.store %prod, %products : <2x1xi32>, <2x1xi32>
  return
}

// Scans along the rows of a 2 x 4 tile of iota: inclusive sums, exclusive
// sums (each row starts at 0), running maxima of its negation down the
// columns (the first row each time); bf16 sums
// fold in f32 and round each result once (256 + 1 + 1: 257 rounds to 256,
// 258 stays).
// CHECK: scans: 0 1 3 6 4 9 15 22 0 0 1 3 0 4 9 15 0 -1 -2 -3 0 -1 -2 -3 256 256 258 258
func.func @scans(%sums: !tile.piece<2x4xi32>, %starts: !tile.piece<2x4xi32>, %maxima: !tile.piece<2x4xi32>, %halves: !tile.piece<4xbf16>) attributes {tile.kernel, tile.name = "scans"} {
  %flat = tile.iota : <8xi32>
  %t = tile.reshape %flat : <8xi32> to <2x4xi32>
  %s = tile.scan sum %t {axis = 1 : i32} : <2x4xi32>
  tile.store %s, %sums : <2x4xi32>, <2x4xi32>
  %e = tile.scan sum %t {axis = 1 : i32, exclusive} : <2x4xi32>
  tile.store %e, %starts : <2x4xi32>, <2x4xi32>
  %zero = tile.constant dense<0> : !tile.tile<2x4xi32>
  %n = tile.sub %zero, %t : <2x4xi32>
  %m = tile.scan max %n {axis = 0 : i32} : <2x4xi32>
  tile.store %m, %maxima : <2x4xi32>, <2x4xi32>
  %h = tile.constant dense<[256.0, 1.0, 1.0, 0.0]> : !tile.tile<4xbf16>
  %hs = tile.scan sum %h {axis = 0 : i32} : <4xbf16>
  tile.store %hs, %halves : <4xbf16>, <4xbf16>
  return
}
