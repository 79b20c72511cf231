// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @input(%p: !tile.piece<8xf32, input>, %i: !tile.tile<8xi32>, %v: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.scatter' op stores into an input piece, which is only read}}
  tile.scatter %p[%i], %v : !tile.piece<8xf32, input>[!tile.tile<8xi32>], !tile.tile<8xf32>
  return
}

// -----

func.func @element(%p: !tile.piece<8xf32>, %i: !tile.tile<8xi32>, %v: !tile.tile<8xf16>) {
  // expected-error @+1 {{'tile.scatter' op scatters elements of type 'f16' into a piece of 'f32'}}
  tile.scatter %p[%i], %v : !tile.piece<8xf32>[!tile.tile<8xi32>], !tile.tile<8xf16>
  return
}

// -----

func.func @count(%p: !tile.piece<8x8xf32>, %i: !tile.tile<8xi32>, %v: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.scatter' op expects one index tile per dimension of the piece (2), found 1}}
  tile.scatter %p[%i], %v : !tile.piece<8x8xf32>[!tile.tile<8xi32>], !tile.tile<8xf32>
  return
}

// -----

func.func @index_type(%p: !tile.piece<8xf32>, %i: !tile.tile<8xi16>, %v: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.scatter' op expects i32 or i64 index tiles, found 'i16'}}
  tile.scatter %p[%i], %v : !tile.piece<8xf32>[!tile.tile<8xi16>], !tile.tile<8xf32>
  return
}

// -----

func.func @index_shape(%p: !tile.piece<8xf32>, %i: !tile.tile<4xi32>, %v: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.scatter' op expects index tiles of the values' shape 8, found 4}}
  tile.scatter %p[%i], %v : !tile.piece<8xf32>[!tile.tile<4xi32>], !tile.tile<8xf32>
  return
}

// -----

func.func @mask_shape(%p: !tile.piece<8xf32>, %i: !tile.tile<8xi32>, %v: !tile.tile<8xf32>, %m: !tile.tile<4xi1>) {
  // expected-error @+1 {{'tile.scatter' op expects a mask of the values' shape 8, found 4}}
  tile.scatter %p[%i], %v if %m : !tile.piece<8xf32>[!tile.tile<8xi32>], !tile.tile<8xf32>, !tile.tile<4xi1>
  return
}

// -----

func.func @large(%p: !tile.piece<128x256xf32>, %i: !tile.tile<8xi32>, %v: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.scatter' op scatters into a piece of 32768 elements; at most 16384 are supported}}
  tile.scatter %p[%i, %i], %v : !tile.piece<128x256xf32>[!tile.tile<8xi32>, !tile.tile<8xi32>], !tile.tile<8xf32>
  return
}
