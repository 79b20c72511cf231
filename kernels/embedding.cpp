// The kernel library's instantiations of tile/library/embedding.h.
#include "tile/library/embedding.h"

TILE_INSTANTIATE_EMBEDDING(tile::bf16, 1024);
TILE_INSTANTIATE_EMBEDDING(tile::f16, 1024);
