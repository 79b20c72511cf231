// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{tile must have rank 1 to 3, found rank 0}}
func.func private @rank0(!tile.tile<f32>)

// -----

// expected-error @+1 {{tile must have rank 1 to 3, found rank 4}}
func.func private @rank4(!tile.tile<2x2x2x2xf32>)

// -----

// expected-error @+1 {{tile dimensions must be positive, found 0x4}}
func.func private @zero_dim(!tile.tile<0x4xf32>)

// -----

// expected-error @+1 {{tile dimensions must be positive, found 4x4x0}}
func.func private @zero_last_dim(!tile.tile<4x4x0xi32>)

// -----

// A negative size is not a dimension at all.
// expected-error @+1 {{expected non-function type}}
func.func private @negative_dim(!tile.tile<-1x4xf32>)

// -----

// expected-error @+1 {{expected static shape}}
func.func private @dynamic_dim(!tile.tile<?x4xf32>)

// -----

// expected-error @+1 {{tile element type must be f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found 'f80'}}
func.func private @f80(!tile.tile<4xf80>)

// -----

// expected-error @+1 {{tile element type must be f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found 'si8'}}
func.func private @si8(!tile.tile<4xsi8>)

// -----

// expected-error @+1 {{tile element type must be f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found 'si32'}}
func.func private @explicitly_signed(!tile.tile<4xsi32>)

// -----

// expected-error @+1 {{tile element type must be f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found 'index'}}
func.func private @index(!tile.tile<4xindex>)

// -----

// expected-error @+1 {{tile element type must be f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found 'f8E4M3FNUZ'}}
func.func private @fp8_fnuz(!tile.tile<4xf8E4M3FNUZ>)

// -----

// expected-error @+1 {{tile element type must be f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found 'vector<4xf32>'}}
func.func private @vector(!tile.tile<4xvector<4xf32>>)

// -----

// expected-error @+1 {{expected 'x' in dimension list}}
func.func private @no_element_type(!tile.tile<4x4>)
