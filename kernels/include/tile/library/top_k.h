// The K largest values of each stretch of T columns of a row and their
// column ids, largest first (the lower id first among equal values): one
// program per (row, stretch), K rounds of picking the largest value left.
// Sampling from the top k of a vocabulary then needs only these candidates,
// (rows x stretches x K of them) instead of every logit. A stretch with
// fewer than K columns gives id -1 (and -3.4e38) in its last places.
#ifndef TILE_LIBRARY_TOP_K_H
#define TILE_LIBRARY_TOP_K_H

#include <tile/kernel.h>

template <int T, int K>
TILE_KERNEL void top_k_split(tile::Piece<float, 1, K> values,
                             tile::Piece<int32_t, 1, K> ids,
                             tile::View<float, 2> x, int32_t n) {
  int32_t row = tile::program_id(0);
  int32_t stretch = tile::program_id(1);
  auto columns = tile::reshape<1, T>(tile::iota<int32_t, T>()) + stretch * T;
  auto none = tile::full<float, 1, T>(-3.4e38f);
  auto left =
      tile::select(columns < n, tile::load<1, T>(x, row, stretch), none);
  auto places = tile::reshape<1, K>(tile::iota<int32_t, K>());
  auto topValues = tile::full<float, 1, K>(-3.4e38f);
  auto topIds = tile::full<int32_t, 1, K>(-1);
  for (int32_t place = 0; place < K; ++place) {
    auto top = tile::reduce_max<1>(left);
    auto id = tile::reduce_min<1>(
        tile::select(left == tile::broadcast<1, T>(top), columns,
                     tile::full<int32_t, 1, T>(2147483647)));
    id = tile::select(top > -3.0e38f, id, tile::full<int32_t, 1, 1>(-1));
    auto here = places == place;
    topValues = tile::select(here, tile::broadcast<1, K>(top), topValues);
    topIds = tile::select(here, tile::broadcast<1, K>(id), topIds);
    left = tile::select(columns == tile::broadcast<1, T>(id), none, left);
  }
  values.store(topValues);
  ids.store(topIds);
}

// Explicit instantiations, for the instantiation files of the library and
// of its users.
#define TILE_INSTANTIATE_TOP_K_SPLIT(T, K)                                    \
  template void top_k_split<T, K>(tile::Piece<float, 1, K>,                    \
                                  tile::Piece<int32_t, 1, K>,                  \
                                  tile::View<float, 2>, int32_t)

#endif // TILE_LIBRARY_TOP_K_H
