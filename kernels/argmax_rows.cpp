// The kernel library's instantiations of tile/library/argmax_rows.h.
#include "tile/library/argmax_rows.h"

template void argmax_rows<2048>(tile::Piece<int32_t, 1, 1>,
                                tile::View<float, 2>, int32_t);
template void argmax_split<1024>(tile::Piece<float, 1, 1>,
                                 tile::Piece<int32_t, 1, 1>,
                                 tile::View<float, 2>, int32_t);
template void argmax_merge<64>(tile::Piece<int32_t, 1, 1>,
                               tile::View<float, 2>, tile::View<int32_t, 2>);
