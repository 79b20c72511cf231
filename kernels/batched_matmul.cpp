// The kernel library's instantiations of tile/library/batched_matmul.h.
#include "tile/library/batched_matmul.h"

template void batched_matmul<tile::bf16, 128, 256, 64>(
    tile::Piece<tile::bf16, 1, 128, 256>, tile::View<tile::bf16, 3>,
    tile::View<tile::bf16, 3>, int32_t);
template void
    batched_matmul<tile::f16, 128, 256, 64>(tile::Piece<tile::f16, 1, 128, 256>,
                                            tile::View<tile::f16, 3>,
                                            tile::View<tile::f16, 3>, int32_t);
