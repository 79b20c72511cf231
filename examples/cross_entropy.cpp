// The instantiation that tilecc compiles of the kernel in cross_entropy.h:
// chunks of 4096 logits.
#include "cross_entropy.h"

template void cross_entropy<4096>(tile::Piece<float, 1, 1>,
                                  tile::View<tile::bf16, 2>,
                                  tile::View<int32_t>);
