// The kernel library's instantiations of tile/library/gemv.h.
#include "tile/library/gemv.h"

TILE_INSTANTIATE_GEMV(tile::bf16, 4, 512);
// Narrow outputs (the attention output and MLP down projections): two rows
// per program put twice as many programs in flight.
TILE_INSTANTIATE_GEMV(tile::bf16, 2, 1024);
TILE_INSTANTIATE_GEMV(tile::f16, 4, 512);
TILE_INSTANTIATE_GEMV_F32(tile::bf16, 4, 512);
