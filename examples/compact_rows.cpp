// The instantiation that tilecc compiles of the kernel in compact_rows.h:
// rows of up to 4096 columns, one program each.
#include "compact_rows.h"

template void compact_rows<4096>(tile::Piece<float, 1, 4096>,
                                 tile::View<float, 2>, float);
