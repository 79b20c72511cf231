// The instantiations that tilecc compiles of the kernels in moe_routing.h:
// blocks of 256 tokens over 64 experts.
#include "moe_routing.h"

template void route_count<256, 64>(tile::Piece<int32_t, 1, 64>,
                                   tile::View<int32_t>, tile::Atomic<int32_t>);
template void route_scatter<256, 64>(tile::Piece<const int32_t, 256>,
                                     tile::View<int32_t, 2>,
                                     tile::Atomic<int32_t>);
