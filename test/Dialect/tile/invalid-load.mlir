// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @too_few_indices(%v: !tile.view<?x?xf32>, %i: i32) {
  // expected-error @+1 {{'tile.load' op expects one tile index per view dimension (2), found 1}}
  %t = tile.load %v[%i] : !tile.view<?x?xf32> -> !tile.tile<8x8xf32>
  return
}

// -----

func.func @too_many_indices(%v: !tile.view<?xf32>, %i: i32) {
  // expected-error @+1 {{'tile.load' op expects one tile index per view dimension (1), found 3}}
  %t = tile.load %v[%i, %i, %i] : !tile.view<?xf32> -> !tile.tile<8xf32>
  return
}

// -----

func.func @rank(%v: !tile.view<?xf32>, %i: i32) {
  // expected-error @+1 {{'tile.load' op expects a tile of the view's rank 1, found rank 2}}
  %t = tile.load %v[%i] : !tile.view<?xf32> -> !tile.tile<8x8xf32>
  return
}

// -----

func.func @element_type(%v: !tile.view<?xf32>, %i: i32) {
  // expected-error @+1 {{'tile.load' op expects a tile of the view's element type 'f32', found 'f16'}}
  %t = tile.load %v[%i] : !tile.view<?xf32> -> !tile.tile<8xf16>
  return
}

// -----

func.func @padding_type(%v: !tile.view<?xf32>, %i: i32) {
  // expected-error @+1 {{'tile.load' op expects padding of type 'f32', found 'i32'}}
  %t = tile.load %v[%i] padding 0 : i32 : !tile.view<?xf32> -> !tile.tile<8xf32>
  return
}

// -----

func.func @padding_width(%v: !tile.view<?xbf16>, %i: i32) {
  // expected-error @+1 {{'tile.load' op expects padding of type 'bf16', found 'f32'}}
  %t = tile.load %v[%i] padding 1.0 : f32 : !tile.view<?xbf16> -> !tile.tile<8xbf16>
  return
}

// -----

func.func @padding_not_scalar(%v: !tile.view<?xf32>, %i: i32) {
  // expected-error @+1 {{'tile.load' op expects padding of type 'f32', found 'tensor<8xf32>'}}
  %t = tile.load %v[%i] padding dense<0.0> : tensor<8xf32> : !tile.view<?xf32> -> !tile.tile<8xf32>
  return
}

// -----

func.func @i64_index(%v: !tile.view<?xf32>, %i: i64) {
  // expected-error @+1 {{'tile.load' op operand #1 must be variadic of 32-bit signless integer, but got 'i64'}}
  %t = "tile.load"(%v, %i) : (!tile.view<?xf32>, i64) -> !tile.tile<8xf32>
  return
}

// -----

// Outputs are written, never loaded: a piece is not a view.
func.func @load_from_piece(%p: !tile.piece<8xf32>, %i: i32) {
  // expected-error @+1 {{'tile.load' op operand #0 must be input view, but got '!tile.piece<8xf32>'}}
  %t = "tile.load"(%p, %i) : (!tile.piece<8xf32>, i32) -> !tile.tile<8xf32>
  return
}

// -----

func.func @result_not_tile(%v: !tile.view<?xf32>, %i: i32) {
  // expected-error @+1 {{'tile.load' op result #0 must be tile, but got 'vector<8xf32>'}}
  %t = "tile.load"(%v, %i) : (!tile.view<?xf32>, i32) -> vector<8xf32>
  return
}
