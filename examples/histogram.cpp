// The instantiation that tilecc compiles of the kernel in histogram.h:
// pieces of 4096 values.
#include "histogram.h"

template void histogram<4096>(tile::Piece<const int32_t, 4096>,
                              tile::Atomic<int32_t>);
template void histogram_bins<8192, 256>(tile::Piece<const int32_t, 8192>,
                                        tile::Atomic<int32_t>);
