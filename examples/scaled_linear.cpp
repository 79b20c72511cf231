// The instantiations that tilecc compiles of the kernel in scaled_linear.h:
// int8 and f8e4m3 operands in linear's prefill blocks and groups.
#include "scaled_linear.h"

#define SCALED_LINEAR(T)                                                       \
  template void scaled_linear<T, 128, 256, 128, 16>(                           \
      tile::Piece<tile::bf16, 128, 256>, tile::View<T, 2>, tile::View<T, 2>,   \
      tile::View<float>, tile::View<float>, int32_t);

SCALED_LINEAR(int8_t)
SCALED_LINEAR(tile::f8e4m3)
