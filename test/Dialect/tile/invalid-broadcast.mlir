// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @broadcast_dim(%a: !tile.tile<4x2xf32>) {
  // expected-error @+1 {{'tile.broadcast' op cannot broadcast dimension 1 of size 2 to 8; only dimensions of size 1 are repeated}}
  %0 = tile.broadcast %a : !tile.tile<4x2xf32> to !tile.tile<4x8xf32>
  return
}

// -----

// Shrinking is not broadcasting either.
func.func @broadcast_shrink(%a: !tile.tile<4x1xf32>) {
  // expected-error @+1 {{'tile.broadcast' op cannot broadcast dimension 0 of size 4 to 1; only dimensions of size 1 are repeated}}
  %0 = tile.broadcast %a : !tile.tile<4x1xf32> to !tile.tile<1x8xf32>
  return
}

// -----

func.func @broadcast_rank(%a: !tile.tile<4xf32>) {
  // expected-error @+1 {{'tile.broadcast' op expects a result of the input's rank 1, found rank 2}}
  %0 = tile.broadcast %a : !tile.tile<4xf32> to !tile.tile<4x4xf32>
  return
}

// -----

func.func @broadcast_element(%a: !tile.tile<4x1xf32>) {
  // expected-error @+1 {{'tile.broadcast' op changes the element type from 'f32' to 'f16'}}
  %0 = tile.broadcast %a : !tile.tile<4x1xf32> to !tile.tile<4x4xf16>
  return
}
