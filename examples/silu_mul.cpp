// The instantiation that tilecc compiles of the kernel in silu_mul.h.
#include "silu_mul.h"

template void silu_mul<4096>(tile::Piece<tile::f16, 4096>,
                             tile::View<tile::f16>, tile::View<tile::f16>);
