// The kernel library's instantiations of tile/library/linear_epilogue.h.
#include "tile/library/linear_epilogue.h"

template void linear_bias_silu<tile::bf16, 128, 256, 64, 16>(
    tile::Piece<tile::bf16, 128, 256>, tile::View<tile::bf16, 2>,
    tile::View<tile::bf16, 2>, tile::View<tile::bf16, 1>, float, int32_t);
template void linear_bias_silu<tile::f16, 128, 256, 64, 16>(
    tile::Piece<tile::f16, 128, 256>, tile::View<tile::f16, 2>,
    tile::View<tile::f16, 2>, tile::View<tile::f16, 1>, float, int32_t);
