// RUN: tile-opt %s --tile-assign-layouts -split-input-file -verify-diagnostics
// RUN: not tile-opt %s --tile-assign-layouts="max-threads=48" -split-input-file 2>&1 | FileCheck %s --check-prefix=THREADS

// Layouts place the bits of a flat element index, so every tile dimension
// must be a power of two; the first tile that breaks this is reported.

func.func @not_power_of_two(%out: !tile.piece<96xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  // expected-error @+1 {{'tile.load' op uses the tile '!tile.tile<96xf32>', whose dimension 96 is not a power of two; the GPU lowering needs power-of-two tile shapes (take the next power of two: loads pad and stores drop what lies past the tensor)}}
  %t = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<96xf32>
  tile.store %t, %out : !tile.tile<96xf32>, !tile.piece<96xf32>
  return
}

// -----

func.func @inner_dimension(%out: !tile.piece<4x6xi32>, %s: i32) attributes {tile.kernel} {
  // expected-error @+1 {{'tile.splat' op uses the tile '!tile.tile<4x6xi32>', whose dimension 6 is not a power of two}}
  %a = tile.splat %s : i32 -> !tile.tile<4x6xi32>
  tile.store %a, %out : !tile.tile<4x6xi32>, !tile.piece<4x6xi32>
  return
}

// -----

// Tiles of different sizes in one kernel are fine: each has its layout.
func.func @mixed_sizes(%out: !tile.piece<64xf32>, %x: !tile.view<?xf32>) attributes {tile.kernel} {
  %p = tile.program_id 0 : i32
  %t = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<64xf32>
  %u = tile.load %x[%p] : !tile.view<?xf32> -> !tile.tile<128xf32>
  tile.store %t, %out : !tile.tile<64xf32>, !tile.piece<64xf32>
  return
}

// THREADS: error: 'func.func' op needs a thread limit that is a power of two of at least 32, found 48
