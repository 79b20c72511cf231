// The instantiation that tilecc compiles of the kernel in stencil3x3.h.
#include "stencil3x3.h"

template void stencil3x3<16, 64>(tile::Piece<float, 16, 64>,
                                 tile::View<float, 2>, tile::View<float>);
