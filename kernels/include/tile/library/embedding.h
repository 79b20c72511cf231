// Embedding lookup: row t of out is row ids[t] of the table, one chunk of N
// columns of one token per program (grid: tokens x ceil(hidden / N)). The
// row index comes from data, which is safe: a view reads zeros outside its
// tensor, so an id outside [0, vocab) gives a zero row.
#ifndef TILE_LIBRARY_EMBEDDING_H
#define TILE_LIBRARY_EMBEDDING_H

#include <tile/kernel.h>

template <class T, int N>
TILE_KERNEL void embedding(tile::Piece<T, 1, N> out, tile::View<T, 2> table,
                           tile::View<int32_t> ids) {
  int32_t id = tile::load_scalar(ids, tile::program_id(0));
  out.store(tile::load<1, N>(table, id, tile::program_id(1)));
}

// Explicit instantiations, for the instantiation files of the library and
// of its users.
#define TILE_INSTANTIATE_EMBEDDING(T, N)                                      \
  template void embedding<T, N>(tile::Piece<T, 1, N>, tile::View<T, 2>,        \
                                tile::View<int32_t>)

#endif // TILE_LIBRARY_EMBEDDING_H
