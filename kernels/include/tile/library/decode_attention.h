// Attention of one new token (decode) over a KV cache, split along the
// sequence so that a short step still fills the GPU: decode_attention_split
// runs one program per (query head, split), each attending to its share of
// the cached positions with an online softmax and writing its normalized
// partial output and log-sum-exp; decode_attention_merge then combines the
// splits of each head, weighting them by exp(lse - max lse). Query head h
// reads key/value head h / group. q is [heads, D]; the caches are
// token-major, [max_seq, kv_heads, D] (as qk_norm_rope writes them), of which
// the first seq_len positions count; the partials are [heads, splits, D] and
// [heads, splits] floats; out is [heads, D].
#ifndef TILE_LIBRARY_DECODE_ATTENTION_H
#define TILE_LIBRARY_DECODE_ATTENTION_H

#include <tile/kernel.h>

template <class T, int BN, int D>
TILE_KERNEL void
decode_attention_split(tile::Piece<float, 1, 1, D> partialOut,
                       tile::Piece<float, 1, 1> partialLse, tile::View<T, 2> q,
                       tile::View<T, 3> kCache, tile::View<T, 3> vCache,
                       int32_t seqLen, int32_t group, float scale) {
  int32_t head = tile::program_id(0);
  int32_t split = tile::program_id(1);
  int32_t splits = tile::num_programs(1);
  int32_t kvHead = head / group;
  // Whole blocks of BN positions go to the splits in turn, the last block
  // ragged; splits past the last block attend to nothing. In 64 bits,
  // where seqLen + BN - 1 fits.
  int64_t blocks = (int64_t(seqLen) + BN - 1) / BN;
  int64_t perSplit = (blocks + splits - 1) / splits;
  int64_t first = split * perSplit;
  int64_t end = first + perSplit < blocks ? first + perSplit : blocks;

  auto query = tile::broadcast<BN, D>(
      tile::cast<float>(tile::load<1, D>(q, head, 0)) * scale);
  // Positions past the sequence score -1e30: their weights underflow to 0.
  auto lanes = tile::reshape<BN, 1>(tile::iota<int32_t, BN>());
  auto peak = tile::full<float, 1, 1>(-1.0e30f);
  auto total = tile::full<float, 1, 1>(0.0f);
  auto acc = tile::full<float, 1, D>(0.0f);
  for (int64_t block = first; block < end; ++block) {
    auto keys = tile::cast<float>(tile::reshape<BN, D>(
        tile::load<BN, 1, D>(kCache, int32_t(block), kvHead, 0)));
    auto scores = tile::select(lanes + int32_t(block * BN) < seqLen,
                               tile::reduce_sum<1>(query * keys),
                               tile::full<float, BN, 1>(-1.0e30f));
    auto newPeak = tile::max(peak, tile::reduce_max<0>(scores));
    auto weights = tile::exp(scores - tile::broadcast<BN, 1>(newPeak));
    auto rescale = tile::exp(peak - newPeak);
    total = total * rescale + tile::reduce_sum<0>(weights);
    auto values = tile::cast<float>(tile::reshape<BN, D>(
        tile::load<BN, 1, D>(vCache, int32_t(block), kvHead, 0)));
    acc = acc * tile::broadcast<1, D>(rescale) +
          tile::reduce_sum<0>(tile::broadcast<BN, D>(weights) * values);
    peak = newPeak;
  }
  // An empty split writes zeros and a log-sum-exp that weighs nothing.
  auto attended = total > 0.0f;
  auto divisor = tile::select(attended, total, tile::full<float, 1, 1>(1.0f));
  partialOut.store(
      tile::reshape<1, 1, D>(acc / tile::broadcast<1, D>(divisor)));
  partialLse.store(tile::select(attended, peak + tile::log(divisor),
                                tile::full<float, 1, 1>(-1.0e30f)));
}

/// Combines the first `splits` (at most S) partials of each head.
template <class T, int S, int D>
TILE_KERNEL void decode_attention_merge(tile::Piece<T, 1, D> out,
                                        tile::View<float, 3> partialOut,
                                        tile::View<float, 2> partialLse,
                                        int32_t splits) {
  int32_t head = tile::program_id(0);
  auto used = tile::reshape<1, S>(tile::iota<int32_t, S>()) < splits;
  auto lse = tile::select(used, tile::load<1, S>(partialLse, head, 0),
                          tile::full<float, 1, S>(-1.0e30f));
  auto weights =
      tile::exp(lse - tile::broadcast<1, S>(tile::reduce_max<1>(lse)));
  auto parts = tile::reshape<S, D>(tile::load<1, S, D>(partialOut, head, 0, 0));
  auto sum = tile::reduce_sum<0>(
      tile::broadcast<S, D>(tile::reshape<S, 1>(weights)) * parts);
  out.store(
      tile::cast<T>(sum / tile::broadcast<1, D>(tile::reduce_sum<1>(weights))));
}

// Explicit instantiations, for the instantiation files of the library and
// of its users.
#define TILE_INSTANTIATE_DECODE_ATTENTION_SPLIT(T, BN, D)                     \
  template void decode_attention_split<T, BN, D>(                              \
      tile::Piece<float, 1, 1, D>, tile::Piece<float, 1, 1>,                   \
      tile::View<T, 2>, tile::View<T, 3>, tile::View<T, 3>, int32_t, int32_t,  \
      float)
#define TILE_INSTANTIATE_DECODE_ATTENTION_MERGE(T, S, D)                      \
  template void decode_attention_merge<T, S, D>(                               \
      tile::Piece<T, 1, D>, tile::View<float, 3>, tile::View<float, 2>,        \
      int32_t)

#endif // TILE_LIBRARY_DECODE_ATTENTION_H
