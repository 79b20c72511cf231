// RUN: tile-opt %s -verify-diagnostics
// A tile type whose element count does not fit in int64_t is rejected by the
// type itself: a 2^32 x 2^32 tile (2^64 elements) must not reach
// ReshapeOp::verify, where its count would wrap to 0 and match that of a
// 2^33 x 2^32 tile (2^65, wrapping to 0 as well).

// expected-error @+1 {{tile 4294967296x4294967296 has more than 16777216 elements, the most one program can hold}}
func.func @wrapped_count(%a: !tile.tile<4294967296x4294967296xf32>) -> !tile.tile<8589934592x4294967296xf32> { %0 = tile.reshape %a : !tile.tile<4294967296x4294967296xf32> to !tile.tile<8589934592x4294967296xf32> return %0 : !tile.tile<8589934592x4294967296xf32> }

