// The instantiation that tilecc compiles of the kernel in gemv_split_k.h:
// blocks of 16 rows by 1024 columns.
#include "gemv_split_k.h"

template void gemv_split_k<16, 1024>(tile::Piece<const tile::bf16, 16, 1024>,
                                     tile::View<tile::bf16>,
                                     tile::Atomic<float>);
