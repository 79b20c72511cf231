// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @load_index_count(%v: !tile.view<?x?xf32>, %i: i32) {
  // expected-error @+1 {{expects one tile index per view dimension (2), found 1}}
  %t = tile.load %v[%i] : !tile.view<?x?xf32> -> !tile.tile<8x8xf32>
  return
}

// -----

func.func @load_rank(%v: !tile.view<?xf32>, %i: i32) {
  // expected-error @+1 {{expects a tile of the view's rank 1, found rank 2}}
  %t = tile.load %v[%i] : !tile.view<?xf32> -> !tile.tile<8x8xf32>
  return
}

// -----

func.func @load_element(%v: !tile.view<?xf32>, %i: i32) {
  // expected-error @+1 {{expects a tile of the view's element type 'f32', found 'f16'}}
  %t = tile.load %v[%i] : !tile.view<?xf32> -> !tile.tile<8xf16>
  return
}

// -----

func.func @load_padding(%v: !tile.view<?xf32>, %i: i32) {
  // expected-error @+1 {{expects padding of type 'f32', found 'i32'}}
  %t = tile.load %v[%i] padding 0 : i32 : !tile.view<?xf32> -> !tile.tile<8xf32>
  return
}

// -----

func.func @load_piece(%p: !tile.piece<8xf32>) {
  // expected-error @+1 {{expects the piece's tile type '!tile.tile<8xf32>', found '!tile.tile<16xf32>'}}
  %t = tile.load_piece %p : !tile.piece<8xf32> -> !tile.tile<16xf32>
  return
}

// -----

func.func @store_shape(%p: !tile.piece<128x64xf32>, %t: !tile.tile<64x64xf32>) {
  // expected-error @+1 {{stored tile has shape 64x64 but the piece has shape 128x64}}
  tile.store %t, %p : !tile.tile<64x64xf32>, !tile.piece<128x64xf32>
  return
}

// -----

func.func @store_element(%p: !tile.piece<8xf16>, %t: !tile.tile<8xf32>) {
  // expected-error @+1 {{stored tile has element type 'f32' but the piece holds 'f16'}}
  tile.store %t, %p : !tile.tile<8xf32>, !tile.piece<8xf16>
  return
}

// -----

func.func @axis() {
  // expected-error @+1 {{attribute 'axis' failed to satisfy constraint}}
  %0 = tile.program_id 3 : i32
  return
}
