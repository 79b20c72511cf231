// The kernel library's instantiations of tile/library/embedding.h.
#include "tile/library/embedding.h"

template void embedding<tile::bf16, 1024>(tile::Piece<tile::bf16, 1, 1024>,
                                          tile::View<tile::bf16, 2>,
                                          tile::View<int32_t>);
template void embedding<tile::f16, 1024>(tile::Piece<tile::f16, 1, 1024>,
                                         tile::View<tile::f16, 2>,
                                         tile::View<int32_t>);
