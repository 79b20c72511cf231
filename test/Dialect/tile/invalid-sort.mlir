// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @axis(%x: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.sort' op axis 2 is out of range for a tile of rank 2}}
  %s, %i = tile.sort %x {axis = 2 : i32} : !tile.tile<4x8xf32> -> !tile.tile<4x8xi32>
  return
}

// -----

func.func @indices(%x: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.sort' op expects i32 indices of the input's shape 4x8, found '!tile.tile<4x8xi64>'}}
  %s, %i = tile.sort %x {axis = 1 : i32} : !tile.tile<4x8xf32> -> !tile.tile<4x8xi64>
  return
}

// -----

func.func @large(%x: !tile.tile<8x1024xf32>) {
  // expected-error @+1 {{'tile.sort' op sorts a tile of 8192 elements; at most 4096 are supported}}
  %s, %i = tile.sort %x {axis = 1 : i32} : !tile.tile<8x1024xf32> -> !tile.tile<8x1024xi32>
  return
}
