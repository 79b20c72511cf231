// The kernel library's instantiations of tile/library/add_rms_norm.h.
#include "tile/library/add_rms_norm.h"

template void add_rms_norm<tile::bf16, 4096>(tile::Piece<tile::bf16, 1, 4096>,
                                             tile::Piece<tile::bf16, 1, 4096>,
                                             tile::View<tile::bf16, 2>,
                                             tile::View<tile::bf16, 1>, int32_t,
                                             float);
