// The instantiations that tilecc compiles of the kernels in
// row_combiners.h: 8 rows of up to 256 flag words a program, rows of up to
// 1024 values.
#include "row_combiners.h"

template void row_bits<8, 256>(tile::Piece<int32_t, 8, 1>,
                               tile::View<int32_t, 2>);
template void prefix_gcd<1024>(tile::Piece<int64_t, 1, 1024>,
                               tile::View<int64_t, 2>);
