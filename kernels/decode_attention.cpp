// The kernel library's instantiations of tile/library/decode_attention.h.
#include "tile/library/decode_attention.h"

template void decode_attention_split<tile::bf16, 64, 128>(
    tile::Piece<float, 1, 1, 128>, tile::Piece<float, 1, 1>,
    tile::View<tile::bf16, 2>, tile::View<tile::bf16, 3>,
    tile::View<tile::bf16, 3>, int32_t, int32_t, float);
template void decode_attention_split<tile::bf16, 64, 64>(
    tile::Piece<float, 1, 1, 64>, tile::Piece<float, 1, 1>,
    tile::View<tile::bf16, 2>, tile::View<tile::bf16, 3>,
    tile::View<tile::bf16, 3>, int32_t, int32_t, float);
template void
    decode_attention_merge<tile::bf16, 32, 128>(tile::Piece<tile::bf16, 1, 128>,
                                                tile::View<float, 3>,
                                                tile::View<float, 2>, int32_t);
template void
    decode_attention_merge<tile::bf16, 32, 64>(tile::Piece<tile::bf16, 1, 64>,
                                               tile::View<float, 3>,
                                               tile::View<float, 2>, int32_t);
