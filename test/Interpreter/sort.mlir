// RUN: tile-interp %s | FileCheck %s

// Rows of 8 sorted stably, NaN after every number: values then indices.
// Row 0: 3 -1 NaN 2 -1 0 NaN 5; row 1 of integers: 4 4 1 4 0 9 1 7.
// CHECK: sorted: -1 -1 0 2 3 5 nan nan 1 4 5 3 0 7 2 6 0 1 1 4 4 4 7 9 4 2 6 0 1 3 7 5
func.func @sorted(%floats: !tile.piece<8xf32>, %fi: !tile.piece<8xi32>, %ints: !tile.piece<8xi32>, %ii: !tile.piece<8xi32>) attributes {tile.kernel, tile.name = "sorted"} {
  %f = tile.constant dense<[3.0, -1.0, 0x7FC00000, 2.0, -1.0, 0.0, 0x7FC00000, 5.0]> : !tile.tile<8xf32>
  %fs, %fo = tile.sort %f {axis = 0 : i32} : !tile.tile<8xf32> -> !tile.tile<8xi32>
  tile.store %fs, %floats : <8xf32>, <8xf32>
  tile.store %fo, %fi : <8xi32>, <8xi32>
  %i = tile.constant dense<[4, 4, 1, 4, 0, 9, 1, 7]> : !tile.tile<8xi32>
  %is, %io = tile.sort %i {axis = 0 : i32} : !tile.tile<8xi32> -> !tile.tile<8xi32>
  tile.store %is, %ints : <8xi32>, <8xi32>
  tile.store %io, %ii : <8xi32>, <8xi32>
  return
}
