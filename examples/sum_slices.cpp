// The instantiation that tilecc compiles of the kernel in sum_slices.h.
#include "sum_slices.h"

template void sum_slices<2048>(tile::Piece<float, 2048>, tile::View<float>,
                               int);
