// The kernel library's instantiations of tile/library/layer_norm.h.
#include "tile/library/layer_norm.h"

template void layer_norm<4096>(tile::Piece<tile::bf16, 1, 4096>,
                               tile::View<tile::bf16, 2>,
                               tile::View<tile::bf16, 1>,
                               tile::View<tile::bf16, 1>, int32_t, float);
