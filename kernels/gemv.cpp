// The kernel library's instantiations of tile/library/gemv.h.
#include "tile/library/gemv.h"

template void gemv<tile::bf16, 4, 512>(tile::Piece<tile::bf16, 4, 1>,
                                       tile::View<tile::bf16, 2>,
                                       tile::View<tile::bf16, 2>);
// Narrow outputs (the attention output and MLP down projections): two rows
// per program put twice as many programs in flight.
template void gemv<tile::bf16, 2, 1024>(tile::Piece<tile::bf16, 2, 1>,
                                        tile::View<tile::bf16, 2>,
                                        tile::View<tile::bf16, 2>);
template void gemv<tile::f16, 4, 512>(tile::Piece<tile::f16, 4, 1>,
                                      tile::View<tile::f16, 2>,
                                      tile::View<tile::f16, 2>);
template void gemv_f32<tile::bf16, 4, 512>(tile::Piece<float, 4, 1>,
                                           tile::View<tile::bf16, 2>,
                                           tile::View<tile::bf16, 2>);
