// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @too_few_offsets(%v: !tile.view<?x?xf32>, %o: i64) {
  // expected-error @+1 {{'tile.load_at' op expects one element offset per view dimension (2), found 1}}
  %t = tile.load_at %v[%o] : !tile.view<?x?xf32> -> !tile.tile<8x8xf32>
  return
}

// -----

func.func @rank(%v: !tile.view<?xf32>, %o: i64) {
  // expected-error @+1 {{'tile.load_at' op expects a tile of the view's rank 1, found rank 2}}
  %t = tile.load_at %v[%o] : !tile.view<?xf32> -> !tile.tile<8x8xf32>
  return
}

// -----

func.func @element_type(%v: !tile.view<?xf32>, %o: i64) {
  // expected-error @+1 {{'tile.load_at' op expects a tile of the view's element type 'f32', found 'i32'}}
  %t = tile.load_at %v[%o] : !tile.view<?xf32> -> !tile.tile<8xi32>
  return
}

// -----

// Offsets are 64-bit: an element offset of a large tensor need not fit 32.
func.func @i32_offset(%v: !tile.view<?xf32>, %o: i32) {
  // expected-error @+1 {{'tile.load_at' op operand #1 must be variadic of 64-bit signless integer, but got 'i32'}}
  %t = "tile.load_at"(%v, %o) : (!tile.view<?xf32>, i32) -> !tile.tile<8xf32>
  return
}

// -----

func.func @load_at_piece(%p: !tile.piece<8xf32>, %o: i64) {
  // expected-error @+1 {{'tile.load_at' op operand #0 must be input view, but got '!tile.piece<8xf32>'}}
  %t = "tile.load_at"(%p, %o) : (!tile.piece<8xf32>, i64) -> !tile.tile<8xf32>
  return
}
