// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @store_at_element(%p: !tile.piece<4x64xf32>, %t: !tile.tile<1x64xf16>, %i: i32) {
  // expected-error @+1 {{'tile.store_at' op stored tile has element type 'f16' but the piece holds 'f32'}}
  tile.store_at %t, %p[%i, %i] : !tile.tile<1x64xf16>, !tile.piece<4x64xf32>
  return
}

// -----

func.func @store_at_rank(%p: !tile.piece<4x64xf32>, %t: !tile.tile<64xf32>, %i: i32) {
  // expected-error @+1 {{'tile.store_at' op expects a tile and 2 indices for a piece of rank 2, found a tile of rank 1 and 1 indices}}
  tile.store_at %t, %p[%i] : !tile.tile<64xf32>, !tile.piece<4x64xf32>
  return
}

// -----

func.func @store_at_divides(%p: !tile.piece<4x64xf32>, %t: !tile.tile<3x64xf32>, %i: i32) {
  // expected-error @+1 {{'tile.store_at' op stored tile has shape 3x64, which does not divide the piece's shape 4x64 in dimension 0}}
  tile.store_at %t, %p[%i, %i] : !tile.tile<3x64xf32>, !tile.piece<4x64xf32>
  return
}

// -----

func.func @store_at_constant_outside(%p: !tile.piece<4x64xf32>, %t: !tile.tile<1x64xf32>) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  // expected-error @+1 {{'tile.store_at' op index 4 of dimension 0 lies outside the piece's 4 sub-tiles}}
  tile.store_at %t, %p[%c4, %c0] : !tile.tile<1x64xf32>, !tile.piece<4x64xf32>
  return
}

// -----

func.func @store_at_negative(%p: !tile.piece<64xf32>, %t: !tile.tile<16xf32>) {
  %c = arith.constant -1 : i32
  // expected-error @+1 {{'tile.store_at' op index -1 of dimension 0 lies outside the piece's 4 sub-tiles}}
  tile.store_at %t, %p[%c] : !tile.tile<16xf32>, !tile.piece<64xf32>
  return
}
