// The kernel library's instantiations of tile/library/top_k.h.
#include "tile/library/top_k.h"

template void top_k_split<2048, 64>(tile::Piece<float, 1, 64>,
                                    tile::Piece<int32_t, 1, 64>,
                                    tile::View<float, 2>, int32_t);
