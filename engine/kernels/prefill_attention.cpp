// The Qwen3 engine's instantiations of tile/library/prefill_attention.h.
#include "tile/library/prefill_attention.h"

template void prefill_attention<tile::bf16, 64, 64, 128>(
    tile::Piece<tile::bf16, 64, 1, 128>, tile::View<tile::bf16, 3>,
    tile::View<tile::bf16, 3>, tile::View<tile::bf16, 3>, int32_t, int32_t,
    float);
