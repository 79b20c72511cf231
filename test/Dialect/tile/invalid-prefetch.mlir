// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @too_few_indices(%v: !tile.view<?x?xf32>, %i: i32) {
  // expected-error @+1 {{'tile.prefetch' op expects one tile index per view dimension (2), found 1}}
  tile.prefetch %v[%i] shape [1, 64] : !tile.view<?x?xf32>
  return
}

// -----

func.func @shape_rank(%v: !tile.view<?x?xf32>, %i: i32) {
  // expected-error @+1 {{'tile.prefetch' op expects a shape of the view's rank 2, found rank 1}}
  tile.prefetch %v[%i, %i] shape [64] : !tile.view<?x?xf32>
  return
}

// -----

func.func @empty_shape(%v: !tile.view<?x?xf32>, %i: i32) {
  // expected-error @+1 {{'tile.prefetch' op expects a shape of positive sizes, found 1x0}}
  tile.prefetch %v[%i, %i] shape [1, 0] : !tile.view<?x?xf32>
  return
}
