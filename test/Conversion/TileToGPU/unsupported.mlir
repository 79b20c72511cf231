// RUN: tile-opt %s --convert-tile-to-gpu -split-input-file -verify-diagnostics

// Only splat constant tiles are lowered.
func.func @non_splat_constant(%out: !tile.piece<4xi32>) attributes {tile.kernel} {
  // expected-error @+1 {{failed to legalize operation 'tile.constant'}}
  %c = tile.constant dense<[1, 2, 3, 4]> : !tile.tile<4xi32>
  tile.store %c, %out : !tile.tile<4xi32>, !tile.piece<4xi32>
  return
}

// -----

// Kernels return nothing.
// expected-error @+1 {{failed to legalize operation 'func.func'}}
func.func @returns_value(%out: !tile.piece<4xi32>) -> i32 attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  return %p : i32
}

// -----

// Shape ops, reductions and products are not lowered to the GPU yet; the
// conversion names the op.
func.func @reduce(%out: !tile.piece<64x1xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<64x1xf32>
  // expected-error @+1 {{failed to legalize operation 'tile.reduce'}}
  %s = tile.reduce sum %t {axis = 1 : i32} : !tile.tile<64x1xf32> to !tile.tile<64x1xf32>
  tile.store %s, %out : !tile.tile<64x1xf32>, !tile.piece<64x1xf32>
  return
}

// -----

func.func @permute(%out: !tile.piece<8x8xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<8x8xf32>
  // expected-error @+1 {{failed to legalize operation 'tile.permute'}}
  %u = tile.permute %t [1, 0] : !tile.tile<8x8xf32> to !tile.tile<8x8xf32>
  tile.store %u, %out : !tile.tile<8x8xf32>, !tile.piece<8x8xf32>
  return
}
