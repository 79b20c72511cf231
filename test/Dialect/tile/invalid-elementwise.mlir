// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Element-wise ops: the element-type constraints of ODS (math and fma take
// float tiles, arithmetic takes numeric tiles, never i1) and
// SameOperandsAndResultType.

func.func @exp_int(%a: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.exp' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float, but got '!tile.tile<8xi32>'}}
  %0 = tile.exp %a : !tile.tile<8xi32>
  return
}

// -----

func.func @exp2_int(%a: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.exp2' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float, but got '!tile.tile<8xi32>'}}
  %0 = tile.exp2 %a : !tile.tile<8xi32>
  return
}

// -----

func.func @log_int(%a: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.log' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float, but got '!tile.tile<8xi32>'}}
  %0 = tile.log %a : !tile.tile<8xi32>
  return
}

// -----

func.func @sqrt_int(%a: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.sqrt' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float, but got '!tile.tile<8xi32>'}}
  %0 = tile.sqrt %a : !tile.tile<8xi32>
  return
}

// -----

func.func @rsqrt_int(%a: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.rsqrt' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float, but got '!tile.tile<8xi32>'}}
  %0 = tile.rsqrt %a : !tile.tile<8xi32>
  return
}

// -----

func.func @tanh_int(%a: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.tanh' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float, but got '!tile.tile<8xi32>'}}
  %0 = tile.tanh %a : !tile.tile<8xi32>
  return
}

// -----

func.func @sin_int(%a: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.sin' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float, but got '!tile.tile<8xi32>'}}
  %0 = tile.sin %a : !tile.tile<8xi32>
  return
}

// -----

func.func @cos_int(%a: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.cos' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float, but got '!tile.tile<8xi32>'}}
  %0 = tile.cos %a : !tile.tile<8xi32>
  return
}

// -----

func.func @fma_int(%a: !tile.tile<8xi64>) {
  // expected-error @+1 {{'tile.fma' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float, but got '!tile.tile<8xi64>'}}
  %0 = tile.fma %a, %a, %a : !tile.tile<8xi64>
  return
}

// -----

func.func @add_bool(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.add' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xi1>'}}
  %0 = tile.add %a, %a : !tile.tile<8xi1>
  return
}

// -----

func.func @sub_bool(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.sub' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xi1>'}}
  %0 = tile.sub %a, %a : !tile.tile<8xi1>
  return
}

// -----

func.func @mul_bool(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.mul' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xi1>'}}
  %0 = tile.mul %a, %a : !tile.tile<8xi1>
  return
}

// -----

func.func @div_bool(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.div' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xi1>'}}
  %0 = tile.div %a, %a : !tile.tile<8xi1>
  return
}

// -----

func.func @rem_bool(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.rem' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xi1>'}}
  %0 = tile.rem %a, %a : !tile.tile<8xi1>
  return
}

// -----

func.func @max_bool(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.max' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xi1>'}}
  %0 = tile.max %a, %a : !tile.tile<8xi1>
  return
}

// -----

func.func @min_bool(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.min' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xi1>'}}
  %0 = tile.min %a, %a : !tile.tile<8xi1>
  return
}

// -----

func.func @neg_bool(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.neg' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xi1>'}}
  %0 = tile.neg %a : !tile.tile<8xi1>
  return
}

// -----

func.func @abs_bool(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.abs' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xi1>'}}
  %0 = tile.abs %a : !tile.tile<8xi1>
  return
}

// -----

func.func @add_vector(%a: vector<8xf32>) {
  // expected-error @+1 {{'tile.add' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got 'vector<8xf32>'}}
  %0 = "tile.add"(%a, %a) : (vector<8xf32>, vector<8xf32>) -> vector<8xf32>
  return
}

// -----

func.func @add_mixed_types(%a: !tile.tile<4xf32>, %b: !tile.tile<4xf16>) {
  // expected-error @+1 {{'tile.add' op requires the same type for all operands and results}}
  %0 = "tile.add"(%a, %b) : (!tile.tile<4xf32>, !tile.tile<4xf16>) -> !tile.tile<4xf32>
  return
}

// -----

func.func @mul_mixed_shapes(%a: !tile.tile<4xi32>, %b: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.mul' op requires the same type for all operands and results}}
  %0 = "tile.mul"(%a, %b) : (!tile.tile<4xi32>, !tile.tile<8xi32>) -> !tile.tile<4xi32>
  return
}

// -----

func.func @exp_result_type(%a: !tile.tile<4xf32>) {
  // expected-error @+1 {{'tile.exp' op requires the same type for all operands and results}}
  %0 = "tile.exp"(%a) : (!tile.tile<4xf32>) -> !tile.tile<4xf16>
  return
}

// -----

func.func @fma_mixed(%a: !tile.tile<4xf32>, %b: !tile.tile<4xbf16>) {
  // expected-error @+1 {{'tile.fma' op requires the same type for all operands and results}}
  %0 = "tile.fma"(%a, %b, %a) : (!tile.tile<4xf32>, !tile.tile<4xbf16>, !tile.tile<4xf32>) -> !tile.tile<4xf32>
  return
}

// -----

func.func @floor_int(%a: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.floor' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float, but got '!tile.tile<8xi32>'}}
  %0 = tile.floor %a : !tile.tile<8xi32>
  return
}

// -----

func.func @pow_int(%a: !tile.tile<8xi64>) {
  // expected-error @+1 {{'tile.pow' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float, but got '!tile.tile<8xi64>'}}
  %0 = tile.pow %a, %a : !tile.tile<8xi64>
  return
}

// -----

func.func @atan2_mixed(%a: !tile.tile<8xf32>, %b: !tile.tile<8xf16>) {
  // expected-error @+1 {{'tile.atan2' op requires the same type for all operands and results}}
  %0 = "tile.atan2"(%a, %b) : (!tile.tile<8xf32>, !tile.tile<8xf16>) -> !tile.tile<8xf32>
  return
}

// -----

// The 8-bit floats are storage: no arithmetic on them.
func.func @add_float8(%a: !tile.tile<8xf8E4M3FN>) {
  // expected-error @+1 {{'tile.add' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xf8E4M3FN>'}}
  %0 = tile.add %a, %a : !tile.tile<8xf8E4M3FN>
  return
}
