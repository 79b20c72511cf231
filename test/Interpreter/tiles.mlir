// RUN: tile-interp %s --args=1.5 | FileCheck %s

// Element-wise tiles: iota cast to f32 and rounded through bf16, compared
// with a scalar (tile.cmp lt on floats), selected, and stored whole.
// CHECK: ramp: 1.5 1.5 2 3
func.func @ramp(%out: !tile.piece<4xf32>, %floor: f32) attributes {tile.kernel, tile.name = "ramp"} {
  %i = tile.iota : <4xi32>
  %f = tile.cast %i : <4xi32> to <4xf32>
  %h = tile.cast %f : <4xf32> to <4xbf16>
  %w = tile.cast %h : <4xbf16> to <4xf32>
  %s = tile.splat %floor : f32 -> <4xf32>
  %below = tile.cmp lt, %w, %s : <4xf32> -> <4xi1>
  %r = tile.select %below, %s, %w : <4xi1>, <4xf32>
  tile.store %r, %out : <4xf32>, <4xf32>
  return
}
