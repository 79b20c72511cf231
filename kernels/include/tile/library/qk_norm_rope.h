// Attention inputs of one token per program, fused: from the token's row of
// the fused q/k/v projection, per-head RMSNorm of q and k (weights over the
// head dimension), neox RoPE of both at the token's position, and the
// writes of q to its buffer and of k and v to the KV cache. Each head's D
// elements are two halves, so the tensors are seen as [tokens, 2 * heads,
// D / 2]. The KV cache is token-major, [max_seq, kv_heads, D], so the cache
// outputs are the rows of the cache that this chunk of tokens fills. A model
// with fewer query heads than HQ runs on the same instantiation.
#ifndef TILE_LIBRARY_QK_NORM_ROPE_H
#define TILE_LIBRARY_QK_NORM_ROPE_H

#include "activation_rounding.h"
#include "rope_angles.h"

#include <tile/kernel.h>

/// RMSNorm over each head of `raw` (heads x halves x D/2), then rotated by
/// `cos`/`sin` (values of T), rounded to T at each step where Hugging
/// Face's model rounds (the normalized head, its product with the
/// weights, each product with cos and sin, and their sum), so that a model
/// agrees with it up to the order of sums. The halves of a head sit in
/// neighbouring lanes, so each element gets its partner from a sum over
/// the halves, x1 + x2, minus itself: one exchange per element. Its error
/// is an f32 rounding of the pair's sum, far below the bf16 result's.
template <class T, int H, int Half>
tile::Tile<T, 1, 2 * H, Half> normRope(const tile::Tile<T, 1, 2 * H, Half> &raw,
                                       const tile::Tile<T, 2, Half> &weight,
                                       const tile::Tile<float, H, 2, Half> &cos,
                                       const tile::Tile<float, H, 2, Half> &sin,
                                       float eps) {
  auto x = tile::cast<float>(tile::reshape<H, 2, Half>(raw));
  // Along the columns first: in registers, then across a few lanes.
  auto squares = tile::reduce_sum<1>(tile::reduce_sum<2>(x * x));
  auto scale = tile::rsqrt(squares / static_cast<float>(2 * Half) + eps);
  auto normed =
      roundedTo<T>(roundedTo<T>(x * tile::broadcast<H, 2, Half>(scale)) *
                   tile::broadcast<H, 2, Half>(
                       tile::reshape<1, 2, Half>(tile::cast<float>(weight))));
  auto partner =
      tile::broadcast<H, 2, Half>(tile::reduce_sum<1>(normed)) - normed;
  auto isFirst = tile::broadcast<H, 2, Half>(
                     tile::reshape<1, 2, 1>(tile::iota<int32_t, 2>())) == 0;
  // (x1 cos - x2 sin, x2 cos + x1 sin)
  auto turn = roundedTo<T>(partner * sin);
  return tile::reshape<1, 2 * H, Half>(tile::cast<T>(
      roundedTo<T>(normed * cos) + tile::select(isFirst, -turn, turn)));
}

/// Stores one token's attention inputs from its rows of the projection: v
/// as it is, q and k normed and rotated by `cos` and `sin` (one value per
/// column of a half, in T).
template <class T, int HQ, int HKV, int Half>
void storeAttentionInputs(tile::Piece<T, 1, 2 * HQ, Half> &q,
                          tile::Piece<T, 1, 2 * HKV, Half> &k,
                          tile::Piece<T, 1, 2 * HKV, Half> &v,
                          const tile::Tile<T, 1, 2 * HQ, Half> &qRaw,
                          const tile::Tile<T, 1, 2 * HKV, Half> &kRaw,
                          const tile::Tile<T, 1, 2 * HKV, Half> &vRaw,
                          tile::View<T, 2> qWeight, tile::View<T, 2> kWeight,
                          const tile::Tile<float, 1, 1, Half> &cos,
                          const tile::Tile<float, 1, 1, Half> &sin, float eps) {
  v.store(vRaw);
  q.store(normRope<T, HQ, Half>(qRaw, tile::load<2, Half>(qWeight, 0, 0),
                                tile::broadcast<HQ, 2, Half>(cos),
                                tile::broadcast<HQ, 2, Half>(sin), eps));
  k.store(normRope<T, HKV, Half>(kRaw, tile::load<2, Half>(kWeight, 0, 0),
                                 tile::broadcast<HKV, 2, Half>(cos),
                                 tile::broadcast<HKV, 2, Half>(sin), eps));
}

// Six programs per multiprocessor: 80 registers each, no spills.
template <class T, int HQ, int HKV, int D>
TILE_KERNEL TILE_MIN_BLOCKS_PER_SM(6) void qk_norm_rope(
    tile::Piece<T, 1, 2 * HQ, D / 2> q, tile::Piece<T, 1, 2 * HKV, D / 2> k,
    tile::Piece<T, 1, 2 * HKV, D / 2> v, tile::View<T, 3> qkv,
    tile::View<T, 2> qWeight, tile::View<T, 2> kWeight,
    tile::View<int32_t, 1> positions, float theta, float eps) {
  constexpr int Half = D / 2;
  int32_t token = tile::program_id(0);
  // Rows of the projection: q heads, then k heads, then v heads. A model
  // may have fewer query heads than HQ (a power of two): the k heads start
  // after its own, and what q's tile holds past them is stored nowhere. The
  // loads come first, to be in flight while the angles are computed.
  int64_t qHeads = (qkv.size(1) - 4 * int64_t(HKV)) / 2;
  // Tile indices are 32 bits.
  auto kBlock = int32_t(qHeads / HKV);
  auto vBlock = int32_t(qHeads / HKV + 1);
  auto qRaw = tile::load<1, 2 * HQ, Half>(qkv, token, 0, 0);
  auto kRaw = tile::load<1, 2 * HKV, Half>(qkv, token, kBlock, 0);
  auto vRaw = tile::load<1, 2 * HKV, Half>(qkv, token, vBlock, 0);
  auto position = tile::cast<float>(tile::load<1>(positions, token));
  auto angle = ropeAngles<D>(position, theta);
  // In T, as the reference model's tables are.
  auto cosine = roundedTo<T>(tile::cos(angle));
  auto sine = roundedTo<T>(tile::sin(angle));

  storeAttentionInputs<T, HQ, HKV, Half>(q, k, v, qRaw, kRaw, vRaw, qWeight,
                                         kWeight, cosine, sine, eps);
}

#endif // TILE_LIBRARY_QK_NORM_ROPE_H
