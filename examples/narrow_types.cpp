// The instantiation that tilecc compiles of the kernel in narrow_types.h.
#include "narrow_types.h"

template void narrow_types<2048>(tile::Piece<tile::f8e4m3, 2048>,
                                 tile::Piece<tile::f8e5m2, 2048>,
                                 tile::Piece<int8_t, 2048>,
                                 tile::Piece<int16_t, 2048>,
                                 tile::Piece<tile::bf16, 2048>,
                                 tile::View<float>);
