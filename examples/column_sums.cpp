// The instantiation that tilecc compiles of the kernel in column_sums.h.
#include "column_sums.h"

template void column_sums<128>(tile::Piece<float, 128>, tile::View<float, 2>);
