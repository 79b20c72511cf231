// The instantiation that tilecc compiles of the kernel in row_sums_f64.h:
// rows of any length, in chunks of 1024 columns.
#include "row_sums_f64.h"

template void row_sums_f64<1024>(tile::Piece<double, 1>, tile::View<float, 2>,
                                 double);
