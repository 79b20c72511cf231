// The instantiation that tilecc compiles of the kernel in
// persistent_linear.h: linear's prefill blocks and groups, bf16.
#include "persistent_linear.h"

template void persistent_linear<tile::bf16, 128, 256, 64, 16>(
    tile::Piece<tile::bf16, 128, 256>, tile::View<tile::bf16, 2>,
    tile::View<tile::bf16, 2>, int32_t);
