// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @broadcast_dim(%a: !tile.tile<4x2xf32>) {
  // expected-error @+1 {{cannot broadcast dimension 1 of size 2 to 8; only dimensions of size 1 are repeated}}
  %0 = tile.broadcast %a : !tile.tile<4x2xf32> to !tile.tile<4x8xf32>
  return
}

// -----

func.func @broadcast_rank(%a: !tile.tile<4xf32>) {
  // expected-error @+1 {{expects a result of the input's rank 1, found rank 2}}
  %0 = tile.broadcast %a : !tile.tile<4xf32> to !tile.tile<4x4xf32>
  return
}

// -----

func.func @broadcast_element(%a: !tile.tile<4x1xf32>) {
  // expected-error @+1 {{changes the element type from 'f32' to 'f16'}}
  %0 = tile.broadcast %a : !tile.tile<4x1xf32> to !tile.tile<4x4xf16>
  return
}

// -----

func.func @reshape_count(%a: !tile.tile<4x4xf32>) {
  // expected-error @+1 {{expects the same number of elements: 4x4 has 16, 8 has 8}}
  %0 = tile.reshape %a : !tile.tile<4x4xf32> to !tile.tile<8xf32>
  return
}

// -----

func.func @reshape_element(%a: !tile.tile<4x4xf32>) {
  // expected-error @+1 {{changes the element type from 'f32' to 'i32'}}
  %0 = tile.reshape %a : !tile.tile<4x4xf32> to !tile.tile<16xi32>
  return
}

// -----

func.func @permute_length(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{expects a permutation of 2 dimensions, found 3}}
  %0 = tile.permute %a [0, 1, 2] : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  return
}

// -----

func.func @permute_repeat(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{expects a permutation of 0..1, found [1, 1]}}
  %0 = tile.permute %a [1, 1] : !tile.tile<4x8xf32> to !tile.tile<8x8xf32>
  return
}

// -----

func.func @permute_result(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{expects result type '!tile.tile<8x4xf32>', found '!tile.tile<4x8xf32>'}}
  %0 = tile.permute %a [1, 0] : !tile.tile<4x8xf32> to !tile.tile<4x8xf32>
  return
}

// -----

func.func @reduce_axis(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{axis 2 is out of range for a tile of rank 2}}
  %0 = tile.reduce sum %a {axis = 2 : i32} : !tile.tile<4x8xf32> to !tile.tile<4x1xf32>
  return
}

// -----

func.func @reduce_shape(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{expects result shape 4x1 (axis 1 kept with size 1), found 4}}
  %0 = tile.reduce max %a {axis = 1 : i32} : !tile.tile<4x8xf32> to !tile.tile<4xf32>
  return
}

// -----

func.func @reduce_element(%a: !tile.tile<4x8xf16>) {
  // expected-error @+1 {{changes the element type from 'f16' to 'f32'}}
  %0 = tile.reduce sum %a {axis = 1 : i32} : !tile.tile<4x8xf16> to !tile.tile<4x1xf32>
  return
}

// -----

func.func @argmax_shape(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{expects result shape 1x8 (axis 0 kept with size 1), found 4x1}}
  %0 = tile.argmax %a {axis = 0 : i32} : !tile.tile<4x8xf32> to !tile.tile<4x1xi32>
  return
}

// -----

func.func @dot_rank(%a: !tile.tile<4xf16>, %b: !tile.tile<4x8xf16>, %c: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{expects matrices (rank 2), found ranks 1, 2 and 2}}
  %0 = tile.dot %a, %b, %c : !tile.tile<4xf16>, !tile.tile<4x8xf16> -> !tile.tile<4x8xf32>
  return
}

// -----

func.func @dot_inner(%a: !tile.tile<4x16xf16>, %b: !tile.tile<8x8xf16>, %c: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{inner dimensions differ: a is 4x16, b is 8x8}}
  %0 = tile.dot %a, %b, %c : !tile.tile<4x16xf16>, !tile.tile<8x8xf16> -> !tile.tile<4x8xf32>
  return
}

// -----

func.func @dot_acc_shape(%a: !tile.tile<4x8xf16>, %b: !tile.tile<8x8xf16>, %c: !tile.tile<8x8xf32>) {
  // expected-error @+1 {{expects an accumulator of shape 4x8, found 8x8}}
  %0 = tile.dot %a, %b, %c : !tile.tile<4x8xf16>, !tile.tile<8x8xf16> -> !tile.tile<8x8xf32>
  return
}

// -----

func.func @dot_operands(%a: !tile.tile<4x8xf16>, %b: !tile.tile<8x8xbf16>, %c: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{operands have different element types 'f16' and 'bf16'}}
  %0 = tile.dot %a, %b, %c : !tile.tile<4x8xf16>, !tile.tile<8x8xbf16> -> !tile.tile<4x8xf32>
  return
}

// -----

func.func @dot_acc_type(%a: !tile.tile<4x8xf16>, %b: !tile.tile<8x8xf16>, %c: !tile.tile<4x8xi32>) {
  // expected-error @+1 {{accumulator type 'i32' does not suit operands of type 'f16'}}
  %0 = tile.dot %a, %b, %c : !tile.tile<4x8xf16>, !tile.tile<8x8xf16> -> !tile.tile<4x8xi32>
  return
}
