// The instantiation that tilecc compiles of the kernel in vector_add.h.
#include "vector_add.h"

template void vector_add<2048>(tile::Piece<float, 2048>, tile::View<float>,
                               tile::View<float>);
