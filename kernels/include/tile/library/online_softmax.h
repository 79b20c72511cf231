// One step of attention with an online softmax, over a block of BN keys:
// the queries' scores against the keys (scaled, and -1e30 where hidden),
// then each query's running maximum `peak` and sum `total` of its weights,
// and `acc`, the weighted sum of the values seen so far, rescaled to the
// new maximum; both products on the tensor cores, the weights entering the
// second in the queries' type. keys(), values() and hidden() give the block's
// keys and values ([BN, D]) and the mask ([BM, BN]) where the step needs them.
#ifndef TILE_LIBRARY_ONLINE_SOFTMAX_H
#define TILE_LIBRARY_ONLINE_SOFTMAX_H

#include <tile/kernel.h>

template <int BM, int BN, int D, class T, class Keys, class Values,
          class Hidden>
void onlineSoftmaxStep(const tile::Tile<T, BM, D> &queries, const Keys &keys,
                       const Values &values, const Hidden &hidden, float scale,
                       tile::Tile<float, BM, 1> &peak,
                       tile::Tile<float, BM, 1> &total,
                       tile::Tile<float, BM, D> &acc) {
  auto scores = tile::dot(queries, tile::permute<1, 0>(keys()),
                          tile::full<float, BM, BN>(0.0f)) *
                scale;
  scores = tile::select(hidden(), tile::full<float, BM, BN>(-1.0e30f), scores);
  auto newPeak = tile::max(peak, tile::reduce_max<1>(scores));
  auto weights = tile::exp(scores - tile::broadcast<BM, BN>(newPeak));
  auto rescale = tile::exp(peak - newPeak);
  total = total * rescale + tile::reduce_sum<1>(weights);
  acc = tile::dot(tile::cast<T>(weights), values(),
                  acc * tile::broadcast<BM, D>(rescale));
  peak = newPeak;
}

#endif // TILE_LIBRARY_ONLINE_SOFTMAX_H
