// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @constant_type() {
  // expected-error @+1 {{'tile.constant' op value of type '!tile.tile<4xf32>' does not match the result type '!tile.tile<8xf32>'}}
  %0 = "tile.constant"() <{value = dense<1.0> : !tile.tile<4xf32>}> : () -> !tile.tile<8xf32>
  return
}

// -----

func.func @constant_element_type() {
  // expected-error @+1 {{'tile.constant' op value of type '!tile.tile<4xi32>' does not match the result type '!tile.tile<4xi64>'}}
  %0 = "tile.constant"() <{value = dense<1> : !tile.tile<4xi32>}> : () -> !tile.tile<4xi64>
  return
}

// -----

func.func @constant_tensor() {
  // expected-error @+1 {{'tile.constant' op result #0 must be tile, but got 'tensor<4xf32>'}}
  %0 = tile.constant dense<1.0> : tensor<4xf32>
  return
}

// -----

func.func @constant_scalar() {
  // expected-error @+1 {{invalid properties {value = 1.000000e+00 : f32} for op tile.constant}}
  %0 = "tile.constant"() <{value = 1.0 : f32}> : () -> !tile.tile<4xf32>
  return
}

// -----

func.func @splat_element(%s: f16) {
  // expected-error @+1 {{'tile.splat' op expects a scalar of the tile's element type 'f32', found 'f16'}}
  %0 = tile.splat %s : f16 -> !tile.tile<8xf32>
  return
}

// -----

func.func @splat_int_width(%s: i64) {
  // expected-error @+1 {{'tile.splat' op expects a scalar of the tile's element type 'i32', found 'i64'}}
  %0 = tile.splat %s : i64 -> !tile.tile<4x4xi32>
  return
}

// -----

func.func @splat_f80(%s: f80) {
  // expected-error @+1 {{'tile.splat' op operand #0 must be 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 1-bit signless integer or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer, but got 'f80'}}
  %0 = tile.splat %s : f80 -> !tile.tile<4xf32>
  return
}

// -----

func.func @splat_to_vector(%s: f32) {
  // expected-error @+1 {{'tile.splat' op result #0 must be tile, but got 'vector<4xf32>'}}
  %0 = "tile.splat"(%s) : (f32) -> vector<4xf32>
  return
}

// -----

func.func @iota_rank() {
  // expected-error @+1 {{'tile.iota' op expects a tile of rank 1, found rank 2}}
  %0 = tile.iota : !tile.tile<2x8xi32>
  return
}

// -----

func.func @iota_rank3() {
  // expected-error @+1 {{'tile.iota' op expects a tile of rank 1, found rank 3}}
  %0 = tile.iota : !tile.tile<2x2x2xi64>
  return
}

// -----

func.func @iota_float() {
  // expected-error @+1 {{'tile.iota' op result #0 must be tile of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xf32>'}}
  %0 = tile.iota : !tile.tile<8xf32>
  return
}

// -----

func.func @iota_bool() {
  // expected-error @+1 {{'tile.iota' op result #0 must be tile of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xi1>'}}
  %0 = tile.iota : !tile.tile<8xi1>
  return
}
