// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @cmp_shape(%a: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.cmp' op result has shape 4 but the operands have shape 8}}
  %0 = tile.cmp lt, %a, %a : !tile.tile<8xf32> -> !tile.tile<4xi1>
  return
}

// -----

func.func @cmp_rank(%a: !tile.tile<4x8xi32>) {
  // expected-error @+1 {{'tile.cmp' op result has shape 32 but the operands have shape 4x8}}
  %0 = tile.cmp eq, %a, %a : !tile.tile<4x8xi32> -> !tile.tile<32xi1>
  return
}

// -----

func.func @cmp_result_not_bool(%a: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.cmp' op result #0 must be tile of 1-bit signless integer, but got '!tile.tile<8xi32>'}}
  %0 = tile.cmp lt, %a, %a : !tile.tile<8xf32> -> !tile.tile<8xi32>
  return
}

// -----

func.func @cmp_bool_operands(%a: !tile.tile<8xi1>) {
  // expected-error @+1 {{'tile.cmp' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xi1>'}}
  %0 = tile.cmp eq, %a, %a : !tile.tile<8xi1> -> !tile.tile<8xi1>
  return
}

// -----

func.func @cmp_mixed_operands(%a: !tile.tile<4xf32>, %b: !tile.tile<4xf16>) {
  // expected-error @+1 {{'tile.cmp' op failed to verify that all of {lhs, rhs} have same type}}
  %0 = "tile.cmp"(%a, %b) <{predicate = #tile<cmp eq>}> : (!tile.tile<4xf32>, !tile.tile<4xf16>) -> !tile.tile<4xi1>
  return
}

// -----

func.func @cmp_predicate(%a: !tile.tile<4xf32>) {
  // expected-error @+2 {{expected ::mlir::tile::CmpPredicate to be one of: eq, ne, lt, le, gt, ge}}
  // expected-error @+1 {{failed to parse Tile_CmpPredicateAttr parameter 'value'}}
  %0 = tile.cmp ult, %a, %a : !tile.tile<4xf32> -> !tile.tile<4xi1>
  return
}

// -----

func.func @select_shape(%c: !tile.tile<4xi1>, %a: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.select' op condition has shape 4 but the values have shape 8}}
  %0 = tile.select %c, %a, %a : !tile.tile<4xi1>, !tile.tile<8xf32>
  return
}

// -----

func.func @select_rank(%c: !tile.tile<8x2xi1>, %a: !tile.tile<16xf32>) {
  // expected-error @+1 {{'tile.select' op condition has shape 8x2 but the values have shape 16}}
  %0 = tile.select %c, %a, %a : !tile.tile<8x2xi1>, !tile.tile<16xf32>
  return
}

// -----

func.func @select_condition_not_bool(%c: !tile.tile<4xi32>, %a: !tile.tile<4xf32>) {
  // expected-error @+1 {{'tile.select' op operand #0 must be tile of 1-bit signless integer, but got '!tile.tile<4xi32>'}}
  %0 = tile.select %c, %a, %a : !tile.tile<4xi32>, !tile.tile<4xf32>
  return
}

// -----

func.func @select_mixed_values(%c: !tile.tile<4xi1>, %a: !tile.tile<4xf32>, %b: !tile.tile<4xf16>) {
  // expected-error @+1 {{'tile.select' op failed to verify that all of {trueValue, falseValue, result} have same type}}
  %0 = "tile.select"(%c, %a, %b) : (!tile.tile<4xi1>, !tile.tile<4xf32>, !tile.tile<4xf16>) -> !tile.tile<4xf32>
  return
}
