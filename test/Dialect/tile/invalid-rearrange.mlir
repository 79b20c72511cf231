// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @cat_axis(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.cat' op axis 2 is out of range for a tile of rank 2}}
  %0 = tile.cat %a, %a {axis = 2 : i32} : !tile.tile<4x8xf32> to !tile.tile<4x16xf32>
  return
}

// -----

func.func @cat_shape(%a: !tile.tile<4x8xf32>) {
  // expected-error @+1 {{'tile.cat' op expects result shape 4x16 (axis 1 twice as long), found 8x8}}
  %0 = tile.cat %a, %a {axis = 1 : i32} : !tile.tile<4x8xf32> to !tile.tile<8x8xf32>
  return
}

// -----

func.func @cat_element(%a: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.cat' op changes the element type from 'f32' to 'i32'}}
  %0 = tile.cat %a, %a {axis = 0 : i32} : !tile.tile<8xf32> to !tile.tile<16xi32>
  return
}

// -----

func.func @cat_operands(%a: !tile.tile<8xf32>, %b: !tile.tile<4xf32>) {
  // expected-error @+1 {{'tile.cat' op failed to verify that all of {lhs, rhs} have same type}}
  %0 = "tile.cat"(%a, %b) {axis = 0 : i32} : (!tile.tile<8xf32>, !tile.tile<4xf32>) -> !tile.tile<16xf32>
  return
}

// -----

func.func @slice_rank(%a: !tile.tile<4x8xf32>, %o: i64) {
  // expected-error @+1 {{'tile.slice' op expects a result of the input's rank 2, found rank 1}}
  %0 = tile.slice %a[%o, %o] : !tile.tile<4x8xf32> to !tile.tile<8xf32>
  return
}

// -----

func.func @slice_offsets(%a: !tile.tile<4x8xf32>, %o: i64) {
  // expected-error @+1 {{'tile.slice' op expects one offset per dimension (2), found 1}}
  %0 = tile.slice %a[%o] : !tile.tile<4x8xf32> to !tile.tile<2x2xf32>
  return
}

// -----

func.func @slice_element(%a: !tile.tile<8xf32>, %o: i64) {
  // expected-error @+1 {{'tile.slice' op changes the element type from 'f32' to 'f16'}}
  %0 = tile.slice %a[%o] : !tile.tile<8xf32> to !tile.tile<4xf16>
  return
}

// -----

func.func @pad_smaller(%a: !tile.tile<4x8xf32>, %f: f32) {
  // expected-error @+1 {{'tile.pad' op cannot pad dimension 1 of size 8 to the smaller 4}}
  %0 = tile.pad %a, %f : !tile.tile<4x8xf32>, f32 to !tile.tile<8x4xf32>
  return
}

// -----

func.func @pad_fill(%a: !tile.tile<4xf32>, %f: f16) {
  // expected-error @+1 {{'tile.pad' op expects a fill of the element type 'f32', found 'f16'}}
  %0 = tile.pad %a, %f : !tile.tile<4xf32>, f16 to !tile.tile<8xf32>
  return
}

// -----

func.func @pad_rank(%a: !tile.tile<4xf32>, %f: f32) {
  // expected-error @+1 {{'tile.pad' op expects a result of the input's rank 1, found rank 2}}
  %0 = tile.pad %a, %f : !tile.tile<4xf32>, f32 to !tile.tile<4x4xf32>
  return
}

// -----

func.func @shift_axis(%a: !tile.tile<4x8xf32>, %k: i64, %f: f32) {
  // expected-error @+1 {{'tile.shift' op axis -1 is out of range for a tile of rank 2}}
  %0 = tile.shift %a, %k, %f {axis = -1 : i32} : !tile.tile<4x8xf32>, f32
  return
}

// -----

func.func @shift_fill(%a: !tile.tile<8xi32>, %k: i64, %f: i64) {
  // expected-error @+1 {{'tile.shift' op expects a fill of the element type 'i32', found 'i64'}}
  %0 = tile.shift %a, %k, %f {axis = 0 : i32} : !tile.tile<8xi32>, i64
  return
}

// -----

func.func @roll_axis(%a: !tile.tile<8xf32>, %k: i64) {
  // expected-error @+1 {{'tile.roll' op axis 1 is out of range for a tile of rank 1}}
  %0 = tile.roll %a, %k {axis = 1 : i32} : !tile.tile<8xf32>
  return
}
