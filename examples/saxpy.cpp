// The instantiation that tilecc compiles of the kernel in saxpy.h.
#include "saxpy.h"

template void saxpy<2048>(tile::Piece<float, 2048>, tile::View<float>, float);
