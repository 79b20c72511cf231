// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @reduce_axis(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.reduce' op axis 2 is out of range for a tile of rank 2}}
  %0 = tile.reduce sum %a {axis = 2 : i32} : !tile.tile<4x8xf32> to !tile.tile<4x1xf32>
  return
}

// -----

func.func @reduce_negative_axis(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.reduce' op axis -1 is out of range for a tile of rank 2}}
  %0 = tile.reduce min %a {axis = -1 : i32} : !tile.tile<4x8xf32> to !tile.tile<4x1xf32>
  return
}

// -----

func.func @reduce_dropped_axis(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.reduce' op expects result shape 4x1 (axis 1 kept with size 1), found 4}}
  %0 = tile.reduce max %a {axis = 1 : i32} : !tile.tile<4x8xf32> to !tile.tile<4xf32>
  return
}

// -----

func.func @reduce_wrong_axis_kept(%a: !tile.tile<4x8xi32>) {
  // expected-error @+1 {{'tile.reduce' op expects result shape 1x8 (axis 0 kept with size 1), found 4x1}}
  %0 = tile.reduce sum %a {axis = 0 : i32} : !tile.tile<4x8xi32> to !tile.tile<4x1xi32>
  return
}

// -----

func.func @reduce_element(%a: !tile.tile<4x8xf16>) {
  // expected-error @+1 {{'tile.reduce' op changes the element type from 'f16' to 'f32'}}
  %0 = tile.reduce sum %a {axis = 1 : i32} : !tile.tile<4x8xf16> to !tile.tile<4x1xf32>
  return
}

// -----

func.func @reduce_bool(%a: !tile.tile<4x8xi1>) {
  // expected-error @+1 {{'tile.reduce' op operand #0 must be tile of 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<4x8xi1>'}}
  %0 = tile.reduce sum %a {axis = 1 : i32} : !tile.tile<4x8xi1> to !tile.tile<4x1xi1>
  return
}

// -----

func.func @reduce_kind(%a: !tile.tile<4x8xf32>) {
  // expected-error @+2 {{expected ::mlir::tile::ReduceKind to be one of: sum, max, min, prod}}
  // expected-error @+1 {{failed to parse Tile_ReduceKindAttr parameter 'value'}}
  %0 = tile.reduce mean %a {axis = 1 : i32} : !tile.tile<4x8xf32> to !tile.tile<4x1xf32>
  return
}

// -----

func.func @reduce_no_axis(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.reduce' op requires attribute 'axis'}}
  %0 = tile.reduce sum %a : !tile.tile<4x8xf32> to !tile.tile<4x1xf32>
  return
}

// -----

func.func @combiner_arguments(%a: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.reduce_with' op expects a combiner of two 'i32' arguments}}
  %0 = tile.reduce_with %a {axis = 0 : i32} : !tile.tile<8xi32> to !tile.tile<1xi32> {
  ^bb0(%x: i32):
    tile.yield %x : i32
  }
  return
}

// -----

func.func @combiner_yield(%a: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.scan_with' op expects the combiner to yield a 'i32', found 'i64'}}
  %0 = tile.scan_with %a {axis = 0 : i32} : !tile.tile<8xi32> {
  ^bb0(%x: i32, %y: i32):
    %z = arith.extsi %x : i32 to i64
    tile.yield %z : i64
  }
  return
}

// -----

func.func @combiner_memory(%a: !tile.tile<8xf32>, %v: !tile.view<?xf32>) {
  // expected-error @+1 {{'tile.reduce_with' op expects a combiner that computes with scalars only, without memory effects}}
  %0 = tile.reduce_with %a {axis = 0 : i32} : !tile.tile<8xf32> to !tile.tile<1xf32> {
  ^bb0(%x: f32, %y: f32):
    %c0 = arith.constant 0 : i32
    %l = tile.load_scalar %v[%c0] : !tile.view<?xf32> -> f32
    %z = arith.addf %x, %l : f32
    tile.yield %z : f32
  }
  return
}

// -----

func.func @combiner_halves(%a: !tile.tile<8xf16>) {
  // expected-error @+1 {{'tile.reduce_with' op combines f32, f64 and integer elements, found 'f16'}}
  %0 = tile.reduce_with %a {axis = 0 : i32} : !tile.tile<8xf16> to !tile.tile<1xf16> {
  ^bb0(%x: f16, %y: f16):
    tile.yield %x : f16
  }
  return
}

// -----

func.func @combiner_axis(%a: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.scan_with' op axis 1 is out of range for a tile of rank 1}}
  %0 = tile.scan_with %a {axis = 1 : i32} : !tile.tile<8xi32> {
  ^bb0(%x: i32, %y: i32):
    tile.yield %x : i32
  }
  return
}
