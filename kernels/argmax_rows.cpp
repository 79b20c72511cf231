// The kernel library's instantiations of tile/library/argmax_rows.h.
#include "tile/library/argmax_rows.h"

TILE_INSTANTIATE_ARGMAX_ROWS(2048);
TILE_INSTANTIATE_ARGMAX_SPLIT(1024);
TILE_INSTANTIATE_ARGMAX_MERGE(64);
