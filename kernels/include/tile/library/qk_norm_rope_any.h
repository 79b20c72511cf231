// The attention inputs of qk_norm_rope.h for any Qwen3 head counts and
// rotary frequencies: the model's query and key/value heads (`kvHeads` of
// them, dividing the query heads) are run-time values up to the tiles' H
// (a power of two), so that a few instantiations serve every model,
// and the rotation's inverse frequencies come as a table of D / 2 floats,
// its cos and sin scaled by `attentionFactor` (YaRN's, 1 otherwise), as
// Hugging Face's rotary embedding computes them. Each program is one token:
// the k and v rows start right after the model's own q and k rows, and what
// the tiles hold past a model's heads is stored nowhere.
#ifndef TILE_LIBRARY_QK_NORM_ROPE_ANY_H
#define TILE_LIBRARY_QK_NORM_ROPE_ANY_H

#include "qk_norm_rope.h"

#include <tile/kernel.h>

template <class T, int H, int D>
TILE_KERNEL void qk_norm_rope_any(
    tile::Piece<T, 1, 2 * H, D / 2> q, tile::Piece<T, 1, 2 * H, D / 2> k,
    tile::Piece<T, 1, 2 * H, D / 2> v, tile::View<T, 3> qkv,
    tile::View<T, 2> qWeight, tile::View<T, 2> kWeight,
    tile::View<int32_t, 1> positions, tile::View<float, 1> inverseFrequencies,
    float attentionFactor, int32_t kvHeads, float eps) {
  constexpr int Half = D / 2;
  int32_t token = tile::program_id(0);
  // The rows of the projection: q heads, then k heads, then v heads, each
  // head two rows (its halves).
  int64_t qRows = qkv.size(1) - 4 * int64_t(kvHeads);
  int64_t kvRows = 2 * int64_t(kvHeads);
  auto qRaw = tile::load<1, 2 * H, Half>(qkv, token, 0, 0);
  auto kRaw = tile::load_at<1, 2 * H, Half>(qkv, token, qRows, 0);
  auto vRaw = tile::load_at<1, 2 * H, Half>(qkv, token, qRows + kvRows, 0);
  auto position = tile::cast<float>(tile::load<1>(positions, token));
  auto angle =
      tile::reshape<1, 1, Half>(tile::load<Half>(inverseFrequencies, 0) *
                                tile::broadcast<Half>(position));
  // Scaled in f32, then rounded to T, as the reference model's tables are.
  auto cosine = roundedTo<T>(tile::cos(angle) * attentionFactor);
  auto sine = roundedTo<T>(tile::sin(angle) * attentionFactor);
  storeAttentionInputs<T, H, H, Half>(q, k, v, qRaw, kRaw, vRaw, qWeight,
                                      kWeight, cosine, sine, eps);
}

#define TILE_INSTANTIATE_QK_NORM_ROPE_ANY(T, H, D)                             \
  template void qk_norm_rope_any<T, H, D>(                                     \
      tile::Piece<T, 1, 2 * H, D / 2>, tile::Piece<T, 1, 2 * H, D / 2>,        \
      tile::Piece<T, 1, 2 * H, D / 2>, tile::View<T, 3>, tile::View<T, 2>,     \
      tile::View<T, 2>, tile::View<int32_t, 1>, tile::View<float, 1>, float,   \
      int32_t, float)

#endif // TILE_LIBRARY_QK_NORM_ROPE_ANY_H
