// RUN: tile-interp %s | FileCheck %s

// Values 0 to 3 counted into 4 bins; -1 and 4 count nowhere; with a mask,
// only the first four elements count.
// Values: 3 -1 0 3 4 1 3 0.
// CHECK: counts: 2 1 0 3 1 0 0 2
func.func @counts(%out: !tile.piece<8xi32>) attributes {tile.kernel, tile.name = "counts"} {
  %v = tile.constant dense<[3, -1, 0, 3, 4, 1, 3, 0]> : !tile.tile<8xi32>
  %all = tile.histogram %v : !tile.tile<8xi32> -> !tile.tile<4xi32>
  %i = tile.iota : !tile.tile<8xi32>
  %c4 = tile.constant dense<4> : !tile.tile<8xi32>
  %first = tile.cmp lt, %i, %c4 : !tile.tile<8xi32> -> !tile.tile<8xi1>
  %some = tile.histogram %v if %first : !tile.tile<8xi32>, !tile.tile<8xi1> -> !tile.tile<4xi32>
  %both = tile.cat %all, %some {axis = 0 : i32} : !tile.tile<4xi32> to !tile.tile<8xi32>
  tile.store %both, %out : <8xi32>, <8xi32>
  return
}
