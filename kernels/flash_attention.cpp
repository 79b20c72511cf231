// The kernel library's instantiations of tile/library/flash_attention.h.
#include "tile/library/flash_attention.h"

template void flash_attention<64, 64, 128>(tile::Piece<tile::bf16, 1, 64, 128>,
                                           tile::View<tile::bf16, 3>,
                                           tile::View<tile::bf16, 3>,
                                           tile::View<tile::bf16, 3>, int32_t,
                                           int32_t, float);
template void flash_attention<64, 64, 64>(tile::Piece<tile::bf16, 1, 64, 64>,
                                          tile::View<tile::bf16, 3>,
                                          tile::View<tile::bf16, 3>,
                                          tile::View<tile::bf16, 3>, int32_t,
                                          int32_t, float);
