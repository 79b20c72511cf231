// Causal attention forward with grouped-query heads, one BM x D block of
// queries of one head per program, walking the key blocks it can see in
// steps of BN with a running maximum and sum (online_softmax.h), both
// matrix products on the tensor cores. Query head h reads key/value head
// h / group. q and out are [heads, seq, D], k and v [kv_heads, seq, D].
#ifndef TILE_LIBRARY_FLASH_ATTENTION_H
#define TILE_LIBRARY_FLASH_ATTENTION_H

#include "online_softmax.h"

#include <tile/kernel.h>

template <int BM, int BN, int D>
TILE_KERNEL void flash_attention(tile::Piece<tile::bf16, 1, BM, D> out,
                                 tile::View<tile::bf16, 3> q,
                                 tile::View<tile::bf16, 3> k,
                                 tile::View<tile::bf16, 3> v, int32_t seq,
                                 int32_t group, float scale) {
  int32_t head = tile::program_id(0);
  int32_t block = tile::program_id(1);
  int32_t kvHead = head / group;
  auto queries = tile::reshape<BM, D>(tile::load<1, BM, D>(q, head, block, 0));
  auto rows = tile::broadcast<BM, BN>(
      tile::reshape<BM, 1>(tile::iota<int32_t, BM>() + block * BM));
  auto columns =
      tile::broadcast<BM, BN>(tile::reshape<1, BN>(tile::iota<int32_t, BN>()));

  auto peak = tile::full<float, BM, 1>(-1.0e30f);
  auto total = tile::full<float, BM, 1>(0.0f);
  auto acc = tile::full<float, BM, D>(0.0f);
  int32_t visible = (block + 1) * BM < seq ? (block + 1) * BM : seq;
  int32_t steps = (visible + BN - 1) / BN;
  for (int32_t step = 0; step < steps; ++step)
    onlineSoftmaxStep<BM, BN, D>(
        queries,
        [&] {
          return tile::reshape<BN, D>(tile::load<1, BN, D>(k, kvHead, step, 0));
        },
        [&] {
          return tile::reshape<BN, D>(tile::load<1, BN, D>(v, kvHead, step, 0));
        },
        // Keys past the sequence lie past every real query too: the causal
        // mask hides them (the rows past the sequence are never stored).
        [&] { return columns + step * BN > rows; }, scale, peak, total, acc);
  out.store(tile::reshape<1, BM, D>(
      tile::cast<tile::bf16>(acc / tile::broadcast<BM, D>(total))));
}

#endif // TILE_LIBRARY_FLASH_ATTENTION_H
