// The instantiation that tilecc compiles of the kernel in cast_bf16.h.
#include "cast_bf16.h"

template void cast_bf16<4096>(tile::Piece<tile::bf16, 4096>, tile::View<float>);
