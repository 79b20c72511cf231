// The kernel library's instantiations of tile/library/qk_norm_rope.h.
#include "tile/library/qk_norm_rope.h"

template void qk_norm_rope<tile::bf16, 32, 8, 128>(
    tile::Piece<tile::bf16, 1, 64, 64>, tile::Piece<tile::bf16, 1, 16, 64>,
    tile::Piece<tile::bf16, 1, 16, 64>, tile::View<tile::bf16, 3>,
    tile::View<tile::bf16, 2>, tile::View<tile::bf16, 2>,
    tile::View<int32_t, 1>, float, float);
