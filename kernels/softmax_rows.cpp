// The kernel library's instantiations of tile/library/softmax_rows.h.
#include "tile/library/softmax_rows.h"

template void softmax_rows<1024>(tile::Piece<float, 1, 1024>,
                                 tile::View<float, 2>, int32_t);
