// RUN: tile-opt %s --split-input-file --verify-diagnostics

// f64 takes part in the verifiers' rules like any element type: bitcasts
// keep the width (f64 and i64), splats take the element type itself, and
// combiners compute in f64, not in f32.

func.func @bitcast_width(%t: !tile.tile<64xf64>) {
  // expected-error @+1 {{'tile.bitcast' op changes the element width from 64 to 32 bits}}
  %0 = tile.bitcast %t : !tile.tile<64xf64> to !tile.tile<64xi32>
  return
}

// -----

func.func @splat_f32_into_f64(%s: f32) {
  // expected-error @+1 {{'tile.splat' op expects a scalar of the tile's element type 'f64', found 'f32'}}
  %0 = tile.splat %s : f32 -> !tile.tile<64xf64>
  return
}

// -----

func.func @combiner_in_f32(%t: !tile.tile<64xf64>) {
  // expected-error @+1 {{'tile.reduce_with' op expects a combiner of two 'f64' arguments}}
  %0 = tile.reduce_with %t {axis = 0 : i32} : !tile.tile<64xf64> to !tile.tile<1xf64> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maximumf %a, %b : f32
    tile.yield %m : f32
  }
  return
}
