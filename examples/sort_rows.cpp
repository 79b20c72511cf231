// The instantiation that tilecc compiles of the kernel in sort_rows.h: rows
// of up to 1024 columns, one program each.
#include "sort_rows.h"

template void sort_rows<1024>(tile::Piece<float, 1, 1024>,
                              tile::Piece<int32_t, 1, 1024>,
                              tile::View<float, 2>);
