// The instantiation that tilecc compiles of the kernel in transpose.h.
#include "transpose.h"

template void transpose<32>(tile::Piece<float, 32, 32>, tile::View<float, 2>);
