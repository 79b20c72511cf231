// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @wide(%x: !tile.tile<64xi32>) {
  // expected-error @+1 {{'tile.histogram' op expects a one-dimensional i32 result, found '!tile.tile<8xi64>'}}
  %c = tile.histogram %x : !tile.tile<64xi32> -> !tile.tile<8xi64>
  return
}

// -----

func.func @rank(%x: !tile.tile<64xi32>) {
  // expected-error @+1 {{'tile.histogram' op expects a one-dimensional i32 result, found '!tile.tile<2x8xi32>'}}
  %c = tile.histogram %x : !tile.tile<64xi32> -> !tile.tile<2x8xi32>
  return
}

// -----

func.func @many(%x: !tile.tile<64xi32>) {
  // expected-error @+1 {{'tile.histogram' op counts into 32768 bins; at most 16384 are supported}}
  %c = tile.histogram %x : !tile.tile<64xi32> -> !tile.tile<32768xi32>
  return
}

// -----

func.func @mask(%x: !tile.tile<64xi32>, %m: !tile.tile<32xi1>) {
  // expected-error @+1 {{'tile.histogram' op expects a mask of the values' shape 64, found '!tile.tile<32xi1>'}}
  %c = tile.histogram %x if %m : !tile.tile<64xi32>, !tile.tile<32xi1> -> !tile.tile<8xi32>
  return
}
