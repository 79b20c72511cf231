// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @dot_rank(%a: !tile.tile<4xf16>, %b: !tile.tile<4x8xf16>, %c: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.dot' op expects matrices (rank 2), found ranks 1, 2 and 2}}
  %0 = tile.dot %a, %b, %c : !tile.tile<4xf16>, !tile.tile<4x8xf16> -> !tile.tile<4x8xf32>
  return
}

// -----

func.func @dot_rank3_acc(%a: !tile.tile<4x4xf32>, %c: !tile.tile<1x4x4xf32>) {
  // expected-error @+1 {{'tile.dot' op expects matrices (rank 2), found ranks 2, 2 and 3}}
  %0 = tile.dot %a, %a, %c : !tile.tile<4x4xf32>, !tile.tile<4x4xf32> -> !tile.tile<1x4x4xf32>
  return
}

// -----

func.func @dot_inner(%a: !tile.tile<4x16xf16>, %b: !tile.tile<8x8xf16>, %c: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.dot' op inner dimensions differ: a is 4x16, b is 8x8}}
  %0 = tile.dot %a, %b, %c : !tile.tile<4x16xf16>, !tile.tile<8x8xf16> -> !tile.tile<4x8xf32>
  return
}

// -----

func.func @dot_acc_shape(%a: !tile.tile<4x8xf16>, %b: !tile.tile<8x8xf16>, %c: !tile.tile<8x8xf32>) {
  // expected-error @+1 {{'tile.dot' op expects an accumulator of shape 4x8, found 8x8}}
  %0 = tile.dot %a, %b, %c : !tile.tile<4x8xf16>, !tile.tile<8x8xf16> -> !tile.tile<8x8xf32>
  return
}

// -----

func.func @dot_acc_columns(%a: !tile.tile<4x8xf16>, %b: !tile.tile<8x16xf16>, %c: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.dot' op expects an accumulator of shape 4x16, found 4x8}}
  %0 = tile.dot %a, %b, %c : !tile.tile<4x8xf16>, !tile.tile<8x16xf16> -> !tile.tile<4x8xf32>
  return
}

// -----

func.func @dot_operands(%a: !tile.tile<4x8xf16>, %b: !tile.tile<8x8xbf16>, %c: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.dot' op operands have different element types 'f16' and 'bf16'}}
  %0 = tile.dot %a, %b, %c : !tile.tile<4x8xf16>, !tile.tile<8x8xbf16> -> !tile.tile<4x8xf32>
  return
}

// -----

func.func @dot_float_acc_int(%a: !tile.tile<4x8xf16>, %b: !tile.tile<8x8xf16>, %c: !tile.tile<4x8xi32>) {
  // expected-error @+1 {{'tile.dot' op accumulator type 'i32' does not suit operands of type 'f16'}}
  %0 = tile.dot %a, %b, %c : !tile.tile<4x8xf16>, !tile.tile<8x8xf16> -> !tile.tile<4x8xi32>
  return
}

// -----

func.func @dot_int_acc_float(%a: !tile.tile<4x8xi32>, %b: !tile.tile<8x8xi32>, %c: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.dot' op accumulator type 'f32' does not suit operands of type 'i32'}}
  %0 = tile.dot %a, %b, %c : !tile.tile<4x8xi32>, !tile.tile<8x8xi32> -> !tile.tile<4x8xf32>
  return
}

// -----

func.func @dot_result_type(%a: !tile.tile<4x8xf16>, %b: !tile.tile<8x8xf16>, %c: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.dot' op failed to verify that all of {acc, result} have same type}}
  %0 = "tile.dot"(%a, %b, %c) : (!tile.tile<4x8xf16>, !tile.tile<8x8xf16>, !tile.tile<4x8xf32>) -> !tile.tile<4x8xf16>
  return
}

// -----

func.func @dot_bool(%a: !tile.tile<4x8xi1>, %b: !tile.tile<8x8xi1>, %c: !tile.tile<4x8xi32>) {
  // expected-error @+1 {{'tile.dot' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or f8E4M3FN type or f8E5M2 type or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<4x8xi1>'}}
  %0 = tile.dot %a, %b, %c : !tile.tile<4x8xi1>, !tile.tile<8x8xi1> -> !tile.tile<4x8xi32>
  return
}

// -----

func.func @dot_fp8_acc(%a: !tile.tile<64x32xf8E4M3FN>, %b: !tile.tile<32x64xf8E4M3FN>, %c: !tile.tile<64x64xbf16>) {
  // expected-error @+1 {{'tile.dot' op accumulates 8-bit floats into 'bf16'; they accumulate into f32}}
  %0 = tile.dot %a, %b, %c : !tile.tile<64x32xf8E4M3FN>, !tile.tile<32x64xf8E4M3FN> -> !tile.tile<64x64xbf16>
  return
}
