// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{atomic output must have rank 1 to 3, found rank 4}}
func.func private @rank4(!tile.atomic<?x?x?x?xf32>)

// -----

// expected-error @+1 {{atomic output dimensions are dynamic and written '?', found 16}}
func.func private @static(!tile.atomic<16xf32>)

// -----

// expected-error @+1 {{atomic output element type must be f16, bf16, f32, f64, i32, i64, ui32 or ui64, found 'i1'}}
func.func private @bool(!tile.atomic<?xi1>)

// -----

// expected-error @+1 {{atomic output element type must be f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found 'f80'}}
func.func private @f80(!tile.atomic<?xf80>)

// -----

func.func @element(%a: !tile.atomic<?xf32>, %i: !tile.tile<8xi32>, %v: !tile.tile<8xf16>) {
  // expected-error @+1 {{'tile.atomic_update' op updates an atomic output of 'f32' with values of 'f16'}}
  tile.atomic_update add %a[%i], %v : !tile.atomic<?xf32>[!tile.tile<8xi32>], !tile.tile<8xf16>
  return
}

// -----

func.func @index_count(%a: !tile.atomic<?x?xf32>, %i: !tile.tile<8xi32>, %v: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.atomic_update' op expects one index tile per dimension of the atomic output (2), found 1}}
  tile.atomic_update add %a[%i], %v : !tile.atomic<?x?xf32>[!tile.tile<8xi32>], !tile.tile<8xf32>
  return
}

// -----

func.func @index_shape(%a: !tile.atomic<?xf32>, %i: !tile.tile<16xi32>, %v: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.atomic_update' op expects index tiles of the values' shape 8, found 16}}
  tile.atomic_update add %a[%i], %v : !tile.atomic<?xf32>[!tile.tile<16xi32>], !tile.tile<8xf32>
  return
}

// -----

func.func @index_type(%a: !tile.atomic<?xf32>, %i: !tile.tile<8xf32>, %v: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.atomic_update' op operand #1 must be variadic of tile of 8-bit signless integer or 16-bit signless integer or 32-bit signless integer or 64-bit signless integer or 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer, but got '!tile.tile<8xf32>'}}
  tile.atomic_update add %a[%i], %v : !tile.atomic<?xf32>[!tile.tile<8xf32>], !tile.tile<8xf32>
  return
}

// -----

func.func @mask_shape(%a: !tile.atomic<?xi32>, %i: !tile.tile<8xi32>, %m: !tile.tile<4xi1>) {
  // expected-error @+1 {{'tile.atomic_update' op expects a mask of the values' shape 8, found 4}}
  tile.atomic_update add %a[%i], %i if %m : !tile.atomic<?xi32>[!tile.tile<8xi32>], !tile.tile<8xi32>, !tile.tile<4xi1>
  return
}

// -----

func.func @bitwise_float(%a: !tile.atomic<?xf32>, %i: !tile.tile<8xi32>, %v: !tile.tile<8xf32>) {
  // expected-error @+1 {{'tile.atomic_update' op 'xor' updates integers only, found 'f32'}}
  tile.atomic_update xor %a[%i], %v : !tile.atomic<?xf32>[!tile.tile<8xi32>], !tile.tile<8xf32>
  return
}

// -----

// Atomic outputs are updated, never stored to.
func.func @store(%a: !tile.atomic<?xf32>, %v: !tile.tile<8xf32>) {
  // expected-error @+1 {{custom op 'tile.store' invalid kind of type specified: expected tile.piece, but found '!tile.atomic<?xf32>'}}
  tile.store %v, %a : !tile.tile<8xf32>, !tile.atomic<?xf32>
  return
}

// -----

// Nor read.
func.func @load(%a: !tile.atomic<?xf32>, %i: i32) -> !tile.tile<8xf32> {
  // expected-error @+1 {{custom op 'tile.load' invalid kind of type specified: expected tile.view, but found '!tile.atomic<?xf32>'}}
  %t = tile.load %a[%i] : !tile.atomic<?xf32> -> !tile.tile<8xf32>
  return %t : !tile.tile<8xf32>
}

// -----

// expected-error @+1 {{atomic output element type must be f16, bf16, f32, f64, i32, i64, ui32 or ui64, found 'i8'}}
func.func private @narrow(!tile.atomic<?xi8>)

// -----

// expected-error @+1 {{atomic output element type must be f16, bf16, f32, f64, i32, i64, ui32 or ui64, found 'f8E4M3FN'}}
func.func private @float8(!tile.atomic<?xf8E4M3FN>)

// -----

func.func @narrow_index(%a: !tile.atomic<?xi32>, %i: !tile.tile<8xi8>, %v: !tile.tile<8xi32>) {
  // expected-error @+1 {{'tile.atomic_update' op expects i32 or i64 index tiles, found 'i8'}}
  tile.atomic_update add %a[%i], %v : !tile.atomic<?xi32>[!tile.tile<8xi8>], !tile.tile<8xi32>
  return
}
