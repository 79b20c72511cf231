// The instantiations that tilecc compiles of the kernels in early_exit.h:
// rows walked in chunks of 1024 token ids, tiles of 1024 starting values.
#include "early_exit.h"

template void first_token<1024>(tile::Piece<int64_t, 1>, tile::View<int32_t, 2>,
                                int32_t);
template void collatz_steps<1024>(tile::Piece<int32_t, 1024>,
                                  tile::View<int32_t>);
