// RUN: tile-opt %s --tile-assign-layouts --convert-tile-to-gpu -split-input-file -verify-diagnostics

// Kernels return nothing.
// expected-error @+1 {{failed to legalize operation 'func.func'}}
func.func @returns_value(%out: !tile.piece<4xi32>) -> i32 attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  return %p : i32
}

// -----

// Tensor cores multiply f16 or bf16 into f32; f32 operands must be cast.
func.func @dot_f32(%out: !tile.piece<16x16xf32>, %a: !tile.view<?x?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %x = tile.load %a[%p, %p] : !tile.view<?x?xf32> -> !tile.tile<16x16xf32>
  %z = tile.load_piece %out : !tile.piece<16x16xf32> -> !tile.tile<16x16xf32>
  // expected-error @+1 {{multiplies 'f32' tiles into a 'f32' accumulator; on the GPU, dot takes f16 or bf16 operands and an f32 accumulator, 8-bit floats and an f32 one, or 8-bit integers and an i32 one (cast them)}}
  %d = tile.dot %x, %x, %z : !tile.tile<16x16xf32>, !tile.tile<16x16xf32> -> !tile.tile<16x16xf32>
  tile.store %d, %out : !tile.tile<16x16xf32>, !tile.piece<16x16xf32>
  return
}

// -----

// 8-bit operands multiply only as warpgroup products, which this target
// (no wgmma) does not have.
func.func @dot_int8_without_warpgroups(%out: !tile.piece<64x64xi32>, %a: !tile.view<?x?xi8>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %x = tile.load %a[%p, %p] : !tile.view<?x?xi8> -> !tile.tile<64x32xi8>
  %y = tile.load %a[%p, %p] : !tile.view<?x?xi8> -> !tile.tile<32x64xi8>
  %z = tile.load_piece %out : !tile.piece<64x64xi32> -> !tile.tile<64x64xi32>
  // expected-error @+1 {{multiplies 8-bit tiles, 64x32 by 32x64; on the GPU, 8-bit operands multiply only as warpgroup products (sm_90a, a multiple of 4 warps, at least 64 rows, 8 columns and 32 reductions)}}
  %d = tile.dot %x, %y, %z : !tile.tile<64x32xi8>, !tile.tile<32x64xi8> -> !tile.tile<64x64xi32>
  tile.store %d, %out : !tile.tile<64x64xi32>, !tile.piece<64x64xi32>
  return
}

// -----

// A product smaller than one tensor core block is not lowered.
func.func @dot_small(%out: !tile.piece<8x8xf32>, %a: !tile.view<?x?xf16>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %x = tile.load %a[%p, %p] : !tile.view<?x?xf16> -> !tile.tile<8x16xf16>
  %y = tile.load %a[%p, %p] : !tile.view<?x?xf16> -> !tile.tile<16x8xf16>
  %z = tile.load_piece %out : !tile.piece<8x8xf32> -> !tile.tile<8x8xf32>
  // expected-error @+1 {{multiplies 8x16 by 16x8; on the GPU, dot needs at least 16 rows, 8 columns and 16 reductions (the tensor core's block)}}
  %d = tile.dot %x, %y, %z : !tile.tile<8x16xf16>, !tile.tile<16x8xf16> -> !tile.tile<8x8xf32>
  tile.store %d, %out : !tile.tile<8x8xf32>, !tile.piece<8x8xf32>
  return
}
