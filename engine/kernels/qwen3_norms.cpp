// The RMSNorm kernels of the Qwen3 engine, one instantiation per row width
// (the smallest power of two that holds the model's hidden size; rows may be
// shorter): the plain norm of the first layer and the fused residual add +
// norm of every later step.
#include "tile/library/add_rms_norm.h"
#include "tile/library/rms_norm.h"

#define QWEN3_NORMS(N)                                                         \
  template void rms_norm<tile::bf16, N>(                                       \
      tile::Piece<tile::bf16, 1, N>, tile::View<tile::bf16, 2>,                \
      tile::View<tile::bf16, 1>, int32_t, float);                              \
  template void add_rms_norm<tile::bf16, N>(                                   \
      tile::Piece<tile::bf16, 1, N>, tile::Piece<tile::bf16, 1, N>,            \
      tile::View<tile::bf16, 2>, tile::View<tile::bf16, 1>, int32_t, float);

QWEN3_NORMS(1024)
QWEN3_NORMS(2048)
QWEN3_NORMS(4096)
QWEN3_NORMS(8192)
