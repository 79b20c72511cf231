// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @constant_type() {
  // expected-error @+1 {{value of type '!tile.tile<4xf32>' does not match the result type '!tile.tile<8xf32>'}}
  %0 = "tile.constant"() <{value = dense<1.0> : !tile.tile<4xf32>}> : () -> !tile.tile<8xf32>
  return
}

// -----

func.func @splat(%s: f16) {
  // expected-error @+1 {{expects a scalar of the tile's element type 'f32', found 'f16'}}
  %0 = tile.splat %s : f16 -> !tile.tile<8xf32>
  return
}

// -----

func.func @iota() {
  // expected-error @+1 {{expects a tile of rank 1, found rank 2}}
  %0 = tile.iota : !tile.tile<2x8xi32>
  return
}

// -----

func.func @iota_float() {
  // expected-error @+1 {{result #0 must be tile of 32-bit signless integer or 64-bit signless integer}}
  %0 = tile.iota : !tile.tile<8xf32>
  return
}

// -----

func.func @exp_int(%a: !tile.tile<8xi32>) {
  // expected-error @+1 {{must be tile of 16-bit float or bfloat16 type or 32-bit float}}
  %0 = tile.exp %a : !tile.tile<8xi32>
  return
}

// -----

func.func @add_bool(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{must be tile of 16-bit float or bfloat16 type or 32-bit float or 32-bit signless integer or 64-bit signless integer}}
  %0 = tile.add %a, %a : !tile.tile<8xi1>
  return
}

// -----

func.func @cmp_shape(%a: !tile.tile<8xf32>) {
  // expected-error @+1 {{result has shape 4 but the operands have shape 8}}
  %0 = tile.cmp lt, %a, %a : !tile.tile<8xf32> -> !tile.tile<4xi1>
  return
}

// -----

func.func @select_shape(%c: !tile.tile<4xi1>, %a: !tile.tile<8xf32>) {
  // expected-error @+1 {{condition has shape 4 but the values have shape 8}}
  %0 = tile.select %c, %a, %a : !tile.tile<4xi1>, !tile.tile<8xf32>
  return
}

// -----

func.func @cast_shape(%a: !tile.tile<8xf32>) {
  // expected-error @+1 {{changes the shape from 8 to 4; a cast changes only the element type}}
  %0 = tile.cast %a : !tile.tile<8xf32> to !tile.tile<4xf16>
  return
}
