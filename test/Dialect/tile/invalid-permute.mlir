// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @permute_length(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.permute' op expects a permutation of 2 dimensions, found 3}}
  %0 = tile.permute %a [0, 1, 2] : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  return
}

// -----

func.func @permute_short(%a: !tile.tile<2x4x8xf32>) {
  // expected-error @+1 {{'tile.permute' op expects a permutation of 3 dimensions, found 2}}
  %0 = tile.permute %a [1, 0] : !tile.tile<2x4x8xf32> to !tile.tile<4x2x8xf32>
  return
}

// -----

func.func @permute_repeat(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.permute' op expects a permutation of 0..1, found [1, 1]}}
  %0 = tile.permute %a [1, 1] : !tile.tile<4x8xf32> to !tile.tile<8x8xf32>
  return
}

// -----

func.func @permute_out_of_range(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.permute' op expects a permutation of 0..1, found [0, 2]}}
  %0 = tile.permute %a [0, 2] : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  return
}

// -----

func.func @permute_negative(%a: !tile.tile<2x4x8xf32>) {
  // expected-error @+1 {{'tile.permute' op expects a permutation of 0..2, found [-1, 0, 1]}}
  %0 = tile.permute %a [-1, 0, 1] : !tile.tile<2x4x8xf32> to !tile.tile<8x2x4xf32>
  return
}

// -----

func.func @permute_result(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.permute' op expects a result of shape 8x4 and element type 'f32', found '!tile.tile<4x8xf32>'}}
  %0 = tile.permute %a [1, 0] : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  return
}

// -----

func.func @permute_element(%a: !tile.tile<2x4x8xi32>) {
  // expected-error @+1 {{'tile.permute' op expects a result of shape 8x2x4 and element type 'i32', found '!tile.tile<8x2x4xi64>'}}
  %0 = tile.permute %a [2, 0, 1] : !tile.tile<2x4x8xi32> to !tile.tile<8x2x4xi64>
  return
}
