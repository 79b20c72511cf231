// The kernel library's instantiations of tile/library/decode_attention.h.
#include "tile/library/decode_attention.h"

TILE_INSTANTIATE_DECODE_ATTENTION_SPLIT(tile::bf16, 64, 128);
TILE_INSTANTIATE_DECODE_ATTENTION_SPLIT(tile::bf16, 64, 64);
TILE_INSTANTIATE_DECODE_ATTENTION_MERGE(tile::bf16, 32, 128);
TILE_INSTANTIATE_DECODE_ATTENTION_MERGE(tile::bf16, 32, 64);
