// The instantiation that tilecc compiles of the kernel in top_p.h: rows of
// up to 4096 probabilities.
#include "top_p.h"

template void top_p<4096>(tile::Piece<float, 1, 4096>, tile::View<float, 2>,
                          float);
