// The kernel library's instantiations of tile/library/top_k.h.
#include "tile/library/top_k.h"

TILE_INSTANTIATE_TOP_K_SPLIT(2048, 64);
