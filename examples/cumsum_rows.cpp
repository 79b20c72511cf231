// The instantiation that tilecc compiles of the kernel in cumsum_rows.h:
// rows of up to 8192 columns, in chunks of 1024.
#include "cumsum_rows.h"

template void cumsum_rows<1, 1024, 8>(tile::Piece<float, 1, 8192>,
                                      tile::View<float, 2>);
