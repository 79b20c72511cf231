// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @axis(%x: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.scan' op axis 2 is out of range for a tile of rank 2}}
  %0 = tile.scan sum %x {axis = 2 : i32} : !tile.tile<4x8xf32>
  return
}

// -----

func.func @negative_axis(%x: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.scan' op axis -1 is out of range for a tile of rank 1}}
  %0 = tile.scan sum %x {axis = -1 : i32} : !tile.tile<8xf32>
  return
}

// -----

func.func @exclusive_max(%x: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.scan' op is exclusive only as a sum}}
  %0 = tile.scan max %x {axis = 0 : i32, exclusive} : !tile.tile<8xf32>
  return
}

// -----

func.func @type_change(%x: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.scan' op requires the same type for all operands and results}}
  %0 = "tile.scan"(%x) {kind = #tile<reduce sum>, axis = 0 : i32} : (!tile.tile<8xf32>) -> !tile.tile<8xf16>
  return
}

// -----

func.func @bool_tile(%x: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.scan' op operand #0 must be}}
  %0 = tile.scan sum %x {axis = 0 : i32} : !tile.tile<8xi1>
  return
}
