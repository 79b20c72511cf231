// RUN: tile-opt %s --convert-tile-to-gpu -split-input-file -verify-diagnostics

func.func @mixed_sizes(%out: !tile.piece<64xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  // expected-note @+1 {{first tile defined here}}
  %t = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<64xf32>
  // expected-error @+1 {{produces a tile of 128 elements in a kernel whose tiles have 64; the GPU lowering handles kernels whose tiles all have the same number of elements}}
  %u = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<128xf32>
  tile.store %t, %out : !tile.tile<64xf32>, !tile.piece<64xf32>
  return
}

// -----

// Reductions reach the GPU with the lowering of the full op set; until then
// the conversion names the op it cannot lower.
func.func @not_lowered_yet(%out: !tile.piece<64x1xf32>, %x: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<64x1xf32>
  // expected-error @+1 {{failed to legalize operation 'tile.reduce'}}
  %s = tile.reduce sum %t {axis = 1 : i32} : !tile.tile<64x1xf32> to !tile.tile<64x1xf32>
  tile.store %s, %out : !tile.tile<64x1xf32>, !tile.piece<64x1xf32>
  return
}
