// The nearest of K centroids to each of n points of the integer grid, by
// squared distance, the first centroid on ties (a k-means assignment step).
// A program takes Points points: the [Points, K] matrix of squared
// distances, exact in int64_t, and its argmin along the centroids
// (tile::argmin).
#ifndef TILE_EXAMPLES_NEAREST_CENTROID_H
#define TILE_EXAMPLES_NEAREST_CENTROID_H

#include <tile/kernel.h>

template <int Points, int K>
TILE_KERNEL void
nearest_centroid(tile::Piece<int32_t, Points, 1> nearest,
                 tile::View<int32_t> xs, tile::View<int32_t> ys,
                 tile::View<int32_t> cxs, tile::View<int32_t> cys) {
  int block = tile::program_id(0);
  auto column = [&](const tile::View<int32_t> &v, int index) {
    auto values = tile::cast<int64_t>(tile::load<Points>(v, index));
    return tile::broadcast<Points, K>(tile::reshape<Points, 1>(values));
  };
  auto row = [&](const tile::View<int32_t> &v) {
    auto values = tile::cast<int64_t>(tile::load<K>(v, 0));
    return tile::broadcast<Points, K>(tile::reshape<1, K>(values));
  };
  auto dx = column(xs, block) - row(cxs);
  auto dy = column(ys, block) - row(cys);
  // Centroids past the K given are not candidates.
  auto real = tile::broadcast<Points, K>(
      tile::reshape<1, K>(tile::iota<int64_t, K>() < cxs.size(0)));
  auto distance = tile::select(real, dx * dx + dy * dy,
                               tile::full<int64_t, Points, K>(INT64_MAX));
  nearest.store(tile::argmin<1>(distance));
}

#endif // TILE_EXAMPLES_NEAREST_CENTROID_H
