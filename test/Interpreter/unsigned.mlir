// RUN: tile-interp %s --fill=0 --args=18446744073709551615 | FileCheck %s

// Unsigned elements compute as host mode's uint32_t does: a sort
// and a max reduction order 2^31 and more after the smaller values (not
// before them, as negative numbers), division and right shifts are
// unsigned, a ui32 scatter index of 2^31 and more falls outside the
// piece, and output elements and printed uint64_t values are unsigned.

// CHECK: largest 18446744073709551615 (program 0, 0, 0)
// CHECK-NEXT: sorted: 0 5 5 7 2147483647 2147483648 3000000000 4294967295 3 1 7 5 6 2 0 4 4294967295 2147483647 1 0
func.func @sorted(%sorted: !tile.piece<8xui32>, %order: !tile.piece<8xi32>,
                  %ops: !tile.piece<4xui32>, %n: i64 {tile.unsigned}) attributes {tile.kernel, tile.name = "sorted"} {
  tile.print "largest" %n {is_unsigned} : i64
  %x = tile.constant dense<[3000000000, 5, 2147483648, 0, 4294967295, 7, 2147483647, 5]> : !tile.tile<8xui32>
  %s, %o = tile.sort %x {axis = 0 : i32} : !tile.tile<8xui32> -> !tile.tile<8xi32>
  tile.store %s, %sorted : <8xui32>, <8xui32>
  tile.store %o, %order : <8xi32>, <8xi32>
  // The largest, 4294967295 / 2, 2^31 >> 31 and 2^31 < 5.
  %max = tile.reduce max %x {axis = 0 : i32} : <8xui32> to <1xui32>
  %a = tile.constant dense<[4294967295, 4294967295, 2147483648, 2147483648]> : !tile.tile<4xui32>
  %b = tile.constant dense<[1, 2, 31, 5]> : !tile.tile<4xui32>
  %div = tile.div %a, %b : <4xui32>
  %shr = tile.shr %a, %b : <4xui32>
  %lt = tile.cmp lt, %a, %b : <4xui32> -> <4xi1>
  %zero = tile.constant dense<0> : !tile.tile<4xui32>
  %one = tile.constant dense<1> : !tile.tile<4xui32>
  %less = tile.select %lt, %one, %zero : <4xi1>, <4xui32>
  %maxItem = tile.item %max : <1xui32> -> i32
  %m = tile.splat %maxItem : i32 -> <4xui32>
  %c0 = tile.constant dense<[1, 0, 0, 0]> : !tile.tile<4xi1>
  %c1 = tile.constant dense<[0, 1, 0, 0]> : !tile.tile<4xi1>
  %c2 = tile.constant dense<[0, 0, 1, 0]> : !tile.tile<4xi1>
  %r2 = tile.select %c2, %shr, %less : <4xi1>, <4xui32>
  %r1 = tile.select %c1, %div, %r2 : <4xi1>, <4xui32>
  %r0 = tile.select %c0, %m, %r1 : <4xi1>, <4xui32>
  tile.store %r0, %ops : <4xui32>, <4xui32>
  return
}

// Elements 1 ... 4 scattered to 5, 2^32 - 1, 2 and 2^31 of a piece of 8:
// the two large indices fall outside it (they are not negative offsets
// either), as in host mode.
// CHECK-NEXT: scatter: 0 0 3 0 0 1 0 0{{$}}
func.func @scatter(%out: !tile.piece<8xi32>) attributes {tile.kernel, tile.name = "scatter"} {
  %at = tile.constant dense<[5, 4294967295, 2, 2147483648]> : !tile.tile<4xui32>
  %v = tile.constant dense<[1, 2, 3, 4]> : !tile.tile<4xi32>
  tile.scatter %out[%at], %v : !tile.piece<8xi32>[!tile.tile<4xui32>], !tile.tile<4xi32>
  return
}
