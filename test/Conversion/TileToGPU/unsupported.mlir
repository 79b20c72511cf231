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

// Products are not lowered to the GPU yet; the conversion names the op.
func.func @dot(%out: !tile.piece<16x16xf32>, %a: !tile.view<?x?xf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %x = tile.load %a[%p, %p] : !tile.view<?x?xf16> -> !tile.tile<16x16xf16>
  %z = tile.load_piece %out : !tile.piece<16x16xf32> -> !tile.tile<16x16xf32>
  // expected-error @+1 {{failed to legalize operation 'tile.dot'}}
  %d = tile.dot %x, %x, %z : !tile.tile<16x16xf16>, !tile.tile<16x16xf16> -> !tile.tile<16x16xf32>
  tile.store %d, %out : !tile.tile<16x16xf32>, !tile.piece<16x16xf32>
  return
}
