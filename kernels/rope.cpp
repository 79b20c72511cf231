// The kernel library's instantiations of tile/library/rope.h.
#include "tile/library/rope.h"

template void rope<32, 128>(tile::Piece<tile::bf16, 32, 2, 64>,
                            tile::View<tile::bf16, 3>, tile::View<int32_t, 1>,
                            float);
