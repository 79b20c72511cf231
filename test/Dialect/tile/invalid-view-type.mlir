// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{view must have rank 1 to 3, found rank 0}}
func.func private @rank0(!tile.view<f32>)

// -----

// expected-error @+1 {{view must have rank 1 to 3, found rank 4}}
func.func private @rank4(!tile.view<?x?x?x?xf32>)

// -----

// expected-error @+1 {{view dimensions are dynamic and written '?', found 4}}
func.func private @static(!tile.view<4xf32>)

// -----

// expected-error @+1 {{view dimensions are dynamic and written '?', found 128x64}}
func.func private @static_2d(!tile.view<128x64xbf16>)

// -----

// A size written '?' shows as '?' in the message.
// expected-error @+1 {{view dimensions are dynamic and written '?', found ?x4}}
func.func private @mixed(!tile.view<?x4xf32>)

// -----

// expected-error @+1 {{view dimensions are dynamic and written '?', found 8x?x?}}
func.func private @mixed_3d(!tile.view<8x?x?xf16>)

// -----

// expected-error @+1 {{view element type must be f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found 'f80'}}
func.func private @f80(!tile.view<?xf80>)

// -----

// expected-error @+1 {{view element type must be f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found 'si8'}}
func.func private @si8(!tile.view<?x?xsi8>)

// -----

// expected-error @+1 {{view element type must be f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found 'f8E4M3FNUZ'}}
func.func private @f8_fnuz(!tile.view<?xf8E4M3FNUZ>)
