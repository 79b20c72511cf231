// Causal attention of a chunk of new tokens (prefill) over the KV cache,
// with grouped-query heads: one program per BM queries of one head, walking
// the cached keys it can see in steps of BN with a running maximum and sum
// (online_softmax.h, as flash_attention), both products on the tensor cores.
// Everything is token-major, as qk_norm_rope writes it: q and out are [tokens,
// heads, D], the caches [positions, kv_heads, D], holding the chunk's own keys
// after the `start` positions before it. Query t sits at position start + t and
// sees positions 0..start + t; query head h reads key/value head h / group.
// The caches are passed cut to start + tokens positions, so that loads past
// them read zeros rather than stale rows.
#ifndef TILE_LIBRARY_PREFILL_ATTENTION_H
#define TILE_LIBRARY_PREFILL_ATTENTION_H

#include "online_softmax.h"

#include <tile/kernel.h>

template <class T, int BM, int BN, int D>
TILE_KERNEL void prefill_attention(tile::Piece<T, BM, 1, D> out,
                                   tile::View<T, 3> q, tile::View<T, 3> kCache,
                                   tile::View<T, 3> vCache, int32_t start,
                                   int32_t group, float scale) {
  int32_t block = tile::program_id(0);
  int32_t head = tile::program_id(1);
  int32_t kvHead = head / group;
  int32_t positions = int32_t(kCache.size(0));
  auto queries = tile::reshape<BM, D>(tile::load<BM, 1, D>(q, block, head, 0));
  auto rows = tile::broadcast<BM, BN>(tile::reshape<BM, 1>(
      tile::iota<int32_t, BM>() + int32_t(start + int64_t(block) * BM)));
  auto columns =
      tile::broadcast<BM, BN>(tile::reshape<1, BN>(tile::iota<int32_t, BN>()));

  auto peak = tile::full<float, BM, 1>(-1.0e30f);
  auto total = tile::full<float, BM, 1>(0.0f);
  auto acc = tile::full<float, BM, D>(0.0f);
  // The last position this block's queries see, plus one.
  int64_t seen = int64_t(start) + int64_t(block + 1) * BM;
  int64_t visible = seen < positions ? seen : positions;
  int64_t steps = (visible + BN - 1) / BN;
  for (int64_t step = 0; step < steps; ++step)
    onlineSoftmaxStep<BM, BN, D>(
        queries,
        [&] {
          return tile::reshape<BN, D>(
              tile::load<BN, 1, D>(kCache, step, kvHead, 0));
        },
        [&] {
          return tile::reshape<BN, D>(
              tile::load<BN, 1, D>(vCache, step, kvHead, 0));
        },
        // Keys past the cache lie past every real query too: the causal
        // mask hides them (the rows past the chunk are never stored).
        [&] { return columns + int32_t(step * BN) > rows; }, scale, peak, total,
        acc);
  out.store(tile::reshape<BM, 1, D>(
      tile::cast<T>(acc / tile::broadcast<BM, D>(total))));
}

#define TILE_INSTANTIATE_PREFILL_ATTENTION(T, BM, BN, D)                       \
  template void prefill_attention<T, BM, BN, D>(                               \
      tile::Piece<T, BM, 1, D>, tile::View<T, 3>, tile::View<T, 3>,            \
      tile::View<T, 3>, int32_t, int32_t, float)

#endif // TILE_LIBRARY_PREFILL_ATTENTION_H
