// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @cast_shape(%a: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.cast' op changes the shape from 8 to 4; a cast changes only the element type}}
  %0 = tile.cast %a : !tile.tile<8xf32> to !tile.tile<4xf16>
  return
}

// -----

func.func @cast_rank(%a: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.cast' op changes the shape from 8 to 2x4; a cast changes only the element type}}
  %0 = tile.cast %a : !tile.tile<8xf32> to !tile.tile<2x4xf32>
  return
}

// -----

func.func @cast_transposed(%a: !tile.tile<4x8xi32>) {
  // expected-error @+1 {{'tile.cast' op changes the shape from 4x8 to 8x4; a cast changes only the element type}}
  %0 = tile.cast %a : !tile.tile<4x8xi32> to !tile.tile<8x4xi64>
  return
}

// -----

func.func @cast_to_scalar(%a: !tile.tile<1xf32>) {
  // expected-error @+1 {{'tile.cast' op result #0 must be tile, but got 'f32'}}
  %0 = "tile.cast"(%a) : (!tile.tile<1xf32>) -> f32
  return
}

// -----

func.func @cast_from_vector(%a: vector<4xf32>) {
  // expected-error @+1 {{'tile.cast' op operand #0 must be tile, but got 'vector<4xf32>'}}
  %0 = "tile.cast"(%a) : (vector<4xf32>) -> !tile.tile<4xf16>
  return
}

// -----

func.func @bitcast_width(%a: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.bitcast' op changes the element width from 32 to 64 bits}}
  %0 = tile.bitcast %a : !tile.tile<8xf32> to !tile.tile<8xi64>
  return
}

// -----

func.func @bitcast_bool(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.bitcast' op reinterprets bool elements, which have no bit layout of their own; compare or select instead}}
  %0 = tile.bitcast %a : !tile.tile<8xi1> to !tile.tile<8xi1>
  return
}

// -----

func.func @bitcast_shape(%a: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.bitcast' op changes the shape from 8 to 2x4; a bitcast changes only the element type}}
  %0 = tile.bitcast %a : !tile.tile<8xf32> to !tile.tile<2x4xi32>
  return
}
