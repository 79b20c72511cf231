// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @argmax_axis(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.argmax' op axis 2 is out of range for a tile of rank 2}}
  %0 = tile.argmax %a {axis = 2 : i32} : !tile.tile<4x8xf32> to !tile.tile<4x1xi32>
  return
}

// -----

func.func @argmax_negative_axis(%a: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.argmax' op axis -1 is out of range for a tile of rank 1}}
  %0 = tile.argmax %a {axis = -1 : i32} : !tile.tile<8xf32> to !tile.tile<1xi32>
  return
}

// -----

func.func @argmax_shape(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.argmax' op expects result shape 1x8 (axis 0 kept with size 1), found 4x1}}
  %0 = tile.argmax %a {axis = 0 : i32} : !tile.tile<4x8xf32> to !tile.tile<4x1xi32>
  return
}

// -----

func.func @argmax_float_result(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.argmax' op result #0 must be tile of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<4x1xf32>'}}
  %0 = tile.argmax %a {axis = 1 : i32} : !tile.tile<4x8xf32> to !tile.tile<4x1xf32>
  return
}

// -----

func.func @argmax_bool_input(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.argmax' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xi1>'}}
  %0 = tile.argmax %a {axis = 0 : i32} : !tile.tile<8xi1> to !tile.tile<1xi32>
  return
}

// -----

// argmin is checked as argmax is.
func.func @argmin_shape(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.argmin' op expects result shape 4x1 (axis 1 kept with size 1), found 1x8}}
  %0 = tile.argmin %a {axis = 1 : i32} : !tile.tile<4x8xf32> to !tile.tile<1x8xi32>
  return
}

// -----

func.func @argmin_result_type(%a: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.argmin' op result #0 must be tile of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<1xf32>'}}
  %0 = tile.argmin %a {axis = 0 : i32} : !tile.tile<8xf32> to !tile.tile<1xf32>
  return
}
