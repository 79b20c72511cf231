// RUN: tile-opt %s -verify-diagnostics
// Bug: tile and piece types accept any positive sizes, and TileType::
// getNumElements (TileTypes.cpp) multiplies them in int64_t without an
// overflow check, so ReshapeOp::verify (TileOps.cpp) compares wrapped counts:
// a 2^32 x 2^32 tile (2^64 elements) reshapes to a 2^33 x 2^32 one (2^65), as
// both wrap to 0. Either the type or the reshape must reject this; the
// wording is left open ({{}} matches any error on the line).

// expected-error @+1 {{}}
func.func @wrapped_count(%a: !tile.tile<4294967296x4294967296xf32>) -> !tile.tile<8589934592x4294967296xf32> { %0 = tile.reshape %a : !tile.tile<4294967296x4294967296xf32> to !tile.tile<8589934592x4294967296xf32> return %0 : !tile.tile<8589934592x4294967296xf32> }

