// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{piece must have rank 1 to 3, found rank 0}}
func.func private @rank0(!tile.piece<f32>)

// -----

// expected-error @+1 {{piece must have rank 1 to 3, found rank 4}}
func.func private @rank4(!tile.piece<1x1x1x1xf16>)

// -----

// expected-error @+1 {{piece dimensions must be positive, found 0}}
func.func private @zero(!tile.piece<0xf32>)

// -----

// expected-error @+1 {{piece dimensions must be positive, found 128x0}}
func.func private @zero_2d(!tile.piece<128x0xf32>)

// -----

// expected-error @+1 {{expected non-function type}}
func.func private @negative(!tile.piece<-4xf32>)

// -----

// Pieces have the static shape the host partitions by.
// expected-error @+1 {{expected static shape}}
func.func private @dynamic(!tile.piece<?xf32>)

// -----

// expected-error @+1 {{piece element type must be f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found 'f80'}}
func.func private @f80(!tile.piece<4xf80>)

// -----

// expected-error @+1 {{piece element type must be f16, bf16, f32, f64, f8E4M3FN, f8E5M2, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64, found 'si8'}}
func.func private @si8(!tile.piece<4xsi8>)
