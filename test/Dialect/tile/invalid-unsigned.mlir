// RUN: tile-opt %s --split-input-file --verify-diagnostics

// Scalars stay signless: a splat takes, an item and a load_scalar give, and
// a combiner computes on the signless integer of an unsigned element, never
// ui32 itself. A bitcast keeps the width, and an atomic output holds no
// ui8 or ui16. Only unsigned and signless integers exist: ui1 is no
// element type.

func.func @splat_unsigned_scalar(%s: ui32) {
  // expected-error @+1 {{'tile.splat' op operand #0 must be 16-bit float or bfloat16 type or 32-bit float or 64-bit float or 1-bit signless integer or 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer, but got 'ui32'}}
  %0 = tile.splat %s : ui32 -> !tile.tile<64xui32>
  return
}

// -----

func.func @item_unsigned_scalar(%t: !tile.tile<1xui64>) {
  // expected-error @+1 {{'tile.item' op}}
  %0 = tile.item %t : !tile.tile<1xui64> -> ui64
  return
}

// -----

func.func @load_scalar_unsigned(%v: !tile.view<?xui16>, %i: i32) {
  // expected-error @+1 {{'tile.load_scalar' op}}
  %0 = tile.load_scalar %v[%i] : !tile.view<?xui16> -> ui16
  return
}

// -----

func.func @combiner_unsigned_arguments(%t: !tile.tile<64xui32>) {
  // expected-error @+1 {{'tile.reduce_with' op expects a combiner of two 'i32' arguments}}
  %0 = tile.reduce_with %t {axis = 0 : i32} : !tile.tile<64xui32> to !tile.tile<1xui32> {
  ^bb0(%a: ui32, %b: ui32):
    tile.yield %a : ui32
  }
  return
}

// -----

func.func @bitcast_width(%t: !tile.tile<64xui32>) {
  // expected-error @+1 {{'tile.bitcast' op changes the element width from 32 to 64 bits}}
  %0 = tile.bitcast %t : !tile.tile<64xui32> to !tile.tile<64xi64>
  return
}

// -----

// expected-error @+1 {{atomic output element type must be f16, bf16, f32, f64, i32, i64, ui32 or ui64, found 'ui8'}}
func.func @atomic_ui8(%a: !tile.atomic<?xui8>) {
  return
}

// -----

// expected-error @+1 {{tile element type must be f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found 'ui1'}}
func.func @tile_ui1(%t: !tile.tile<64xui1>) {
  return
}
