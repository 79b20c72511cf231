// The attention-input kernel of the Qwen3 engine for the presets' head
// counts (query heads, key/value heads; head dimension 128), each serving
// models with up to its query heads: 4/2 (the tiny default), 16/8 (0.6B,
// 1.7B), 32/8 (4B, 8B) and 64/8 (14B's 40, 32B).
#include "tile/library/qk_norm_rope.h"

#define QWEN3_QK_NORM_ROPE(HQ, HKV)                                            \
  template void qk_norm_rope<tile::bf16, HQ, HKV, 128>(                        \
      tile::Piece<tile::bf16, 1, 2 * HQ, 64>,                                  \
      tile::Piece<tile::bf16, 1, 2 * HKV, 64>,                                 \
      tile::Piece<tile::bf16, 1, 2 * HKV, 64>, tile::View<tile::bf16, 3>,      \
      tile::View<tile::bf16, 2>, tile::View<tile::bf16, 2>,                    \
      tile::View<int32_t, 1>, float, float);

QWEN3_QK_NORM_ROPE(4, 2)
QWEN3_QK_NORM_ROPE(16, 8)
QWEN3_QK_NORM_ROPE(32, 8)
QWEN3_QK_NORM_ROPE(64, 8)
