// The kernel library's instantiations of tile/library/qk_norm_rope_any.h.
#include "tile/library/qk_norm_rope_any.h"

TILE_INSTANTIATE_QK_NORM_ROPE_ANY(tile::bf16, 16, 128);
