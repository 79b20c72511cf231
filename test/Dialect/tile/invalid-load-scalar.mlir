// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @too_few_indices(%v: !tile.view<?x?xi32>, %i: i32) {
  // expected-error @+1 {{'tile.load_scalar' op expects one index per view dimension (2), found 1}}
  %s = tile.load_scalar %v[%i] : !tile.view<?x?xi32> -> i32
  return
}

// -----

func.func @element_type(%v: !tile.view<?xi32>, %i: i32) {
  // expected-error @+1 {{'tile.load_scalar' op expects a result of the view's element type 'i32', found 'i64'}}
  %s = tile.load_scalar %v[%i] : !tile.view<?xi32> -> i64
  return
}
