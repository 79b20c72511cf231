// The instantiation that tilecc compiles of the kernel in dropout.h.
#include "dropout.h"

template void dropout<2048>(tile::Piece<float, 2048>, tile::View<float>,
                            int64_t, float, float);
