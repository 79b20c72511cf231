// RUN: tile-interp %s --args=1,-7 | FileCheck %s

// Concatenations along each axis of 2x2 tiles of 0..3 and 10..13.
// CHECK: cat: 0 1 2 3 10 11 12 13 0 1 10 11 2 3 12 13
func.func @cat(%rows: !tile.piece<4x2xi32>, %columns: !tile.piece<2x4xi32>) attributes {tile.kernel, tile.name = "cat"} {
  %a = tile.constant dense<[[0, 1], [2, 3]]> : !tile.tile<2x2xi32>
  %ten = tile.constant dense<10> : !tile.tile<2x2xi32>
  %b = tile.add %a, %ten : <2x2xi32>
  %r = tile.cat %a, %b {axis = 0 : i32} : !tile.tile<2x2xi32> to !tile.tile<4x2xi32>
  tile.store %r, %rows : <4x2xi32>, <4x2xi32>
  %c = tile.cat %a, %b {axis = 1 : i32} : !tile.tile<2x2xi32> to !tile.tile<2x4xi32>
  tile.store %c, %columns : <2x4xi32>, <2x4xi32>
  return
}

// Of 0..7 as 2x4: the 2x2 slice at (1, 1) reads 5 6 and zeros below; the
// one at (-1, 3) zeros above, then 3 and a zero. Padded to 4x4 with -1.
// CHECK: slice_pad: 5 6 0 0 0 0 3 0 0 1 2 3 4 5 6 7 -1 -1 -1 -1 -1 -1 -1 -1
func.func @slice_pad(%inner: !tile.piece<2x2xi32>, %edge: !tile.piece<2x2xi32>, %padded: !tile.piece<4x4xi32>, %one: i32) attributes {tile.kernel, tile.name = "slice_pad"} {
  %t = tile.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : !tile.tile<2x4xi32>
  %o = arith.extsi %one : i32 to i64
  %s = tile.slice %t[%o, %o] : !tile.tile<2x4xi32> to !tile.tile<2x2xi32>
  tile.store %s, %inner : <2x2xi32>, <2x2xi32>
  %minus = arith.constant -1 : i64
  %three = arith.constant 3 : i64
  %e = tile.slice %t[%minus, %three] : !tile.tile<2x4xi32> to !tile.tile<2x2xi32>
  tile.store %e, %edge : <2x2xi32>, <2x2xi32>
  %fill = arith.constant -1 : i32
  %p = tile.pad %t, %fill : !tile.tile<2x4xi32>, i32 to !tile.tile<4x4xi32>
  tile.store %p, %padded : <4x4xi32>, <4x4xi32>
  return
}

// 0..3 shifted by 1 (fill 9), by -7 (all fill), and rolled by -7 (as by 1).
// CHECK: shift_roll: 9 0 1 2 9 9 9 9 3 0 1 2
func.func @shift_roll(%right: !tile.piece<4xi32>, %far: !tile.piece<4xi32>, %rolled: !tile.piece<4xi32>, %k: i32, %back: i32) attributes {tile.kernel, tile.name = "shift_roll"} {
  %t = tile.iota : <4xi32>
  %fill = arith.constant 9 : i32
  %k64 = arith.extsi %k : i32 to i64
  %b64 = arith.extsi %back : i32 to i64
  %s = tile.shift %t, %k64, %fill {axis = 0 : i32} : !tile.tile<4xi32>, i32
  tile.store %s, %right : <4xi32>, <4xi32>
  %f = tile.shift %t, %b64, %fill {axis = 0 : i32} : !tile.tile<4xi32>, i32
  tile.store %f, %far : <4xi32>, <4xi32>
  %r = tile.roll %t, %b64 {axis = 0 : i32} : !tile.tile<4xi32>
  tile.store %r, %rolled : <4xi32>, <4xi32>
  return
}
