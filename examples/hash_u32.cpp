// The instantiation that tilecc compiles of the kernel in hash_u32.h.
#include "hash_u32.h"

template void hash_u32<2048>(tile::Piece<uint32_t, 2048>, tile::View<uint32_t>,
                             uint32_t);
