// The kernel library's instantiations of tile/library/linear.h.
#include "tile/library/linear.h"

template void
    linear<tile::bf16, 128, 256, 64, 16>(tile::Piece<tile::bf16, 128, 256>,
                                         tile::View<tile::bf16, 2>,
                                         tile::View<tile::bf16, 2>, int32_t);
template void
    linear<tile::f16, 128, 256, 64, 16>(tile::Piece<tile::f16, 128, 256>,
                                        tile::View<tile::f16, 2>,
                                        tile::View<tile::f16, 2>, int32_t);
template void linear<tile::bf16, 16, 32, 64>(tile::Piece<tile::bf16, 16, 32>,
                                             tile::View<tile::bf16, 2>,
                                             tile::View<tile::bf16, 2>,
                                             int32_t);
template void linear<tile::f16, 16, 32, 64>(tile::Piece<tile::f16, 16, 32>,
                                            tile::View<tile::f16, 2>,
                                            tile::View<tile::f16, 2>, int32_t);
