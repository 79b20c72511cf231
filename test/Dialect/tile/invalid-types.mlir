// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{tile must have rank 1 to 3, found rank 4}}
func.func private @rank4(!tile.tile<2x2x2x2xf32>)

// -----

// expected-error @+1 {{tile dimensions must be positive, found 0x4}}
func.func private @zero(!tile.tile<0x4xf32>)

// -----

// expected-error @+1 {{tile element type must be f16, bf16, f32, i1, i32 or i64, found 'f64'}}
func.func private @f64(!tile.tile<4xf64>)

// -----

// expected-error @+1 {{piece element type must be f16, bf16, f32, i1, i32 or i64, found 'i8'}}
func.func private @i8(!tile.piece<4xi8>)

// -----

// expected-error @+1 {{piece must have rank 1 to 3, found rank 4}}
func.func private @piece_rank(!tile.piece<1x1x1x1xf16>)

// -----

// expected-error @+1 {{view dimensions are dynamic and written '?', found 4}}
func.func private @static_view(!tile.view<4xf32>)

// -----

// expected-error @+1 {{view must have rank 1 to 3, found rank 4}}
func.func private @view_rank(!tile.view<?x?x?x?xf32>)

// -----

// expected-error @+1 {{view element type must be f16, bf16, f32, i1, i32 or i64, found 'f64'}}
func.func private @view_f64(!tile.view<?xf64>)
