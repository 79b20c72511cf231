// The Qwen3 engine's instantiations of tile/library/swiglu.h.
#include "tile/library/swiglu.h"

template void swiglu<tile::bf16, 1024>(tile::Piece<tile::bf16, 1, 1024>,
                                       tile::View<tile::bf16, 2>,
                                       tile::View<tile::bf16, 2>);
