// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @dot_wait_type(%a: !tile.tile<64x128xf32>) {
  // expected-error @+1 {{'tilegpu.dot_wait' op requires the same type for all operands and results}}
  %0 = "tilegpu.dot_wait"(%a) : (!tile.tile<64x128xf32>) -> !tile.tile<64x128xf16>
  return
}

// -----

func.func @dot_wait_not_a_tile(%a: f32) {
  // expected-error @+1 {{'tilegpu.dot_wait' op operand #0 must be}}
  %0 = "tilegpu.dot_wait"(%a) : (f32) -> f32
  return
}
