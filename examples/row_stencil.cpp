// The instantiation that tilecc compiles of the kernel in row_stencil.h:
// four rows of up to 1024 columns per program.
#include "row_stencil.h"

template void row_stencil<4, 1024>(tile::Piece<float, 4, 1024>,
                                   tile::View<float, 2>, tile::View<float>);
