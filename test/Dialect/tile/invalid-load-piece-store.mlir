// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @load_piece_shape(%p: !tile.piece<8xf32>) {
  // expected-error @+1 {{'tile.load_piece' op expects the piece's tile type '!tile.tile<8xf32>', found '!tile.tile<16xf32>'}}
  %t = tile.load_piece %p : !tile.piece<8xf32> -> !tile.tile<16xf32>
  return
}

// -----

func.func @load_piece_element(%p: !tile.piece<4x8xf32>) {
  // expected-error @+1 {{'tile.load_piece' op expects the piece's tile type '!tile.tile<4x8xf32>', found '!tile.tile<4x8xbf16>'}}
  %t = tile.load_piece %p : !tile.piece<4x8xf32> -> !tile.tile<4x8xbf16>
  return
}

// -----

func.func @load_piece_of_view(%v: !tile.view<?xf32>) {
  // expected-error @+1 {{'tile.load_piece' op operand #0 must be piece, but got '!tile.view<?xf32>'}}
  %t = "tile.load_piece"(%v) : (!tile.view<?xf32>) -> !tile.tile<8xf32>
  return
}

// -----

func.func @store_shape(%p: !tile.piece<128x64xf32>, %t: !tile.tile<64x64xf32>) {
  // expected-error @+1 {{'tile.store' op stored tile has shape 64x64 but the piece has shape 128x64}}
  tile.store %t, %p : !tile.tile<64x64xf32>, !tile.piece<128x64xf32>
  return
}

// -----

func.func @store_rank(%p: !tile.piece<64xf32>, %t: !tile.tile<8x8xf32>) {
  // expected-error @+1 {{'tile.store' op stored tile has shape 8x8 but the piece has shape 64}}
  tile.store %t, %p : !tile.tile<8x8xf32>, !tile.piece<64xf32>
  return
}

// -----

func.func @store_element(%p: !tile.piece<8xf16>, %t: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.store' op stored tile has element type 'f32' but the piece holds 'f16'}}
  tile.store %t, %p : !tile.tile<8xf32>, !tile.piece<8xf16>
  return
}

// -----

// Views are read-only.
func.func @store_to_view(%v: !tile.view<?xf32>, %t: !tile.tile<8xf32>) {
  // expected-error @+1 {{custom op 'tile.store' invalid kind of type specified: expected tile.piece, but found '!tile.view<?xf32>'}}
  tile.store %t, %v : !tile.tile<8xf32>, !tile.view<?xf32>
  return
}

// -----

func.func @store_to_view_generic(%v: !tile.view<?xf32>, %t: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.store' op operand #1 must be piece, but got '!tile.view<?xf32>'}}
  "tile.store"(%t, %v) : (!tile.tile<8xf32>, !tile.view<?xf32>) -> ()
  return
}

// -----

// Input pieces are read-only.
func.func @store_to_input_piece(%p: !tile.piece<8xf32, input>, %t: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.store' op stores into an input piece, which is only read}}
  tile.store %t, %p : !tile.tile<8xf32>, !tile.piece<8xf32, input>
  return
}

// -----

func.func @store_at_input_piece(%p: !tile.piece<8xf32, input>, %t: !tile.tile<4xf32>, %i: i32) {
  // expected-error @+1 {{'tile.store_at' op stores into an input piece, which is only read}}
  tile.store_at %t, %p[%i] : !tile.tile<4xf32>, !tile.piece<8xf32, input>
  return
}

// -----

// expected-error @+1 {{expected 'input'}}
func.func private @piece_flag(!tile.piece<8xf32, output>)
