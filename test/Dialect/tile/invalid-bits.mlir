// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Bit ops take integer or bool tiles, shifts integer tiles only, and both
// operands and the result share one type.

func.func @and_float(%a: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.and' op operand #0 must be tile of 1-bit signless integer or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xf32>'}}
  %0 = tile.and %a, %a : !tile.tile<8xf32>
  return
}

// -----

func.func @xor_bf16(%a: !tile.tile<8xbf16>) {
  // expected-error @+1 {{'tile.xor' op operand #0 must be tile of 1-bit signless integer or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xbf16>'}}
  %0 = tile.xor %a, %a : !tile.tile<8xbf16>
  return
}

// -----

func.func @not_float(%a: !tile.tile<8xf16>) {
  // expected-error @+1 {{'tile.not' op operand #0 must be tile of 1-bit signless integer or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xf16>'}}
  %0 = tile.not %a : !tile.tile<8xf16>
  return
}

// -----

func.func @shl_bool(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.shl' op operand #0 must be tile of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xi1>'}}
  %0 = tile.shl %a, %a : !tile.tile<8xi1>
  return
}

// -----

func.func @shr_float(%a: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.shr' op operand #0 must be tile of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xf32>'}}
  %0 = tile.shr %a, %a : !tile.tile<8xf32>
  return
}

// -----

func.func @or_mixed(%a: !tile.tile<8xi32>, %b: !tile.tile<8xi64>) {
  // expected-error @+1 {{'tile.or' op requires the same type for all operands and results}}
  %0 = "tile.or"(%a, %b) : (!tile.tile<8xi32>, !tile.tile<8xi64>) -> !tile.tile<8xi32>
  return
}
