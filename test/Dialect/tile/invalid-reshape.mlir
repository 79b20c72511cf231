// RUN: tile-opt %s -split-input-file -verify-diagnostics

func.func @reshape_count(%a: !tile.tile<4x4xf32>) {
  // expected-error @+1 {{'tile.reshape' op expects the same number of elements: 4x4 has 16, 8 has 8}}
  %0 = tile.reshape %a : !tile.tile<4x4xf32> to !tile.tile<8xf32>
  return
}

// -----

func.func @reshape_count_3d(%a: !tile.tile<2x4x8xi32>) {
  // expected-error @+1 {{'tile.reshape' op expects the same number of elements: 2x4x8 has 64, 8x16 has 128}}
  %0 = tile.reshape %a : !tile.tile<2x4x8xi32> to !tile.tile<8x16xi32>
  return
}

// -----

func.func @reshape_element(%a: !tile.tile<4x4xf32>) {
  // expected-error @+1 {{'tile.reshape' op changes the element type from 'f32' to 'i32'}}
  %0 = tile.reshape %a : !tile.tile<4x4xf32> to !tile.tile<16xi32>
  return
}

// -----

func.func @item_of_many(%a: !tile.tile<2xf32>) -> f32 {
  // expected-error @+1 {{'tile.item' op expects a tile of one element, found 2}}
  %0 = tile.item %a : !tile.tile<2xf32> -> f32
  return %0 : f32
}

// -----

func.func @item_type(%a: !tile.tile<1xf32>) -> i32 {
  // expected-error @+1 {{'tile.item' op expects a scalar of the tile's element type 'f32', found 'i32'}}
  %0 = tile.item %a : !tile.tile<1xf32> -> i32
  return %0 : i32
}
