// RUN: tile-opt %s --convert-tile-to-gpu -split-input-file -verify-diagnostics

// The layout is chosen per kernel, so all its tiles must have the same number
// of elements; the first tile of another size is reported, with a note at
// the first tile.

func.func @load_sizes(%out: !tile.piece<64xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  // expected-note @+1 {{first tile defined here}}
  %t = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<64xf32>
  // expected-error @+1 {{'tile.load' op produces a tile of 128 elements in a kernel whose tiles have 64; the GPU lowering handles kernels whose tiles all have the same number of elements}}
  %u = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<128xf32>
  tile.store %t, %out : !tile.tile<64xf32>, !tile.piece<64xf32>
  return
}

// -----

func.func @splat_sizes(%out: !tile.piece<4x8xi32>, %s: i32) attributes {tile.kernel} {
  // expected-note @+1 {{first tile defined here}}
  %a = tile.splat %s : i32 -> !tile.tile<4x8xi32>
  // expected-error @+1 {{'tile.iota' op produces a tile of 8 elements in a kernel whose tiles have 32}}
  %i = tile.iota : !tile.tile<8xi32>
  tile.store %a, %out : !tile.tile<4x8xi32>, !tile.piece<4x8xi32>
  return
}

// -----

// Only the first mismatch is reported.
func.func @first_mismatch(%out: !tile.piece<1x16xf16>, %s: f16) attributes {tile.kernel} {
  // expected-note @+1 {{first tile defined here}}
  %a = tile.splat %s : f16 -> !tile.tile<1x16xf16>
  // expected-error @+1 {{'tile.broadcast' op produces a tile of 32 elements in a kernel whose tiles have 16}}
  %b = tile.broadcast %a : !tile.tile<1x16xf16> to !tile.tile<2x16xf16>
  %c = tile.splat %s : f16 -> !tile.tile<64xf16>
  tile.store %a, %out : !tile.tile<1x16xf16>, !tile.piece<1x16xf16>
  return
}
