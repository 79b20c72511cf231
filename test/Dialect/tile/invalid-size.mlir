// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @view_dim_past_rank(%x: !tile.view<?x?xf32>) {
  // expected-error @+1 {{'tile.size' op expects a dimension below the tensor's rank 2, found 2}}
  %0 = tile.size %x, 2 : !tile.view<?x?xf32> -> i64
  return
}

// -----

func.func @piece_dim_past_rank(%out: !tile.piece<128xf32>) {
  // expected-error @+1 {{'tile.size' op expects a dimension below the tensor's rank 1, found 1}}
  %0 = tile.size %out, 1 : !tile.piece<128xf32> -> i64
  return
}

// -----

func.func @negative_dim(%x: !tile.view<?xf32>) {
  // expected-error @+1 {{'tile.size' op attribute 'dim' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %0 = tile.size %x, -1 : !tile.view<?xf32> -> i64
  return
}

// -----

func.func @result_i32(%x: !tile.view<?xf32>) {
  // expected-error @+1 {{'tile.size' op result #0 must be 64-bit signless integer, but got 'i32'}}
  %0 = tile.size %x, 0 : !tile.view<?xf32> -> i32
  return
}

// -----

func.func @size_of_tile(%t: !tile.tile<16xf32>) {
  // expected-error @+1 {{'tile.size' op operand #0 must be input view or piece or atomic output, but got '!tile.tile<16xf32>'}}
  %0 = "tile.size"(%t) <{dim = 0 : i32}> : (!tile.tile<16xf32>) -> i64
  return
}
