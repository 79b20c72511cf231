// The instantiation that tilecc compiles of the kernel in rearrange_tiles.h:
// pieces of 256 x 64, each program's rows laid out in the header.
#include "rearrange_tiles.h"

template void rearrange_tiles<256, 64>(
    tile::Piece<int32_t, 256, 64>, tile::Piece<float, 256, 64>,
    tile::Piece<tile::bf16, 256, 64>, tile::View<int32_t, 2>,
    tile::View<float, 2>, tile::View<tile::bf16, 2>, tile::View<int32_t, 2>);
