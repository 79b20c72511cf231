// The Qwen3 engine's instantiations of tile/library/prefill_attention.h.
#include "tile/library/prefill_attention.h"

TILE_INSTANTIATE_PREFILL_ATTENTION(tile::bf16, 64, 64, 128);
