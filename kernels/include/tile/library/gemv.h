// out = W x for a weight matrix W (n x k) and one activation row x (1 x k),
// both bf16 or both f16, accumulated in f32: the matrix-vector product of
// batch-1 decode.
// Each program owns BN outputs and walks k (W's width) in chunks of BK,
// accumulating element-wise products; one reduction at the end sums each
// row. Four outputs per program keep the registers at 48, so that ten
// programs share a multiprocessor and the last wave of programs is short.
#ifndef TILE_LIBRARY_GEMV_H
#define TILE_LIBRARY_GEMV_H

#include <tile/kernel.h>

/// The f32 sums of one program's BN rows of W times x.
template <class T, int BN, int BK>
tile::Tile<float, BN, 1> gemvRows(const tile::View<T, 2> &w,
                                  const tile::View<T, 2> &x, int32_t block) {
  auto acc = tile::full<float, BN, BK>(0.0f);
  // The count of a 64-bit width, which the code generator cannot bound,
  // keeps the loop on one counter; a count known to be small lets it carry
  // a 64-bit pointer for every row instead, eight more registers.
  int64_t chunks = (w.size(1) + BK - 1) / BK;
  for (int64_t chunk = 0; chunk < chunks; ++chunk) {
    auto weights =
        tile::cast<float>(tile::load<BN, BK>(w, block, int32_t(chunk)));
    auto inputs = tile::cast<float>(tile::load<1, BK>(x, 0, int32_t(chunk)));
    acc = tile::fma(weights, tile::broadcast<BN, BK>(inputs), acc);
  }
  return tile::reduce_sum<1>(acc);
}

template <class T, int BN, int BK>
TILE_KERNEL void gemv(tile::Piece<T, BN, 1> out, tile::View<T, 2> w,
                      tile::View<T, 2> x) {
  out.store(tile::cast<T>(gemvRows<T, BN, BK>(w, x, tile::program_id(0))));
}

/// As gemv, the sums kept in f32: the logits of a decode step.
template <class T, int BN, int BK>
TILE_KERNEL void gemv_f32(tile::Piece<float, BN, 1> out, tile::View<T, 2> w,
                          tile::View<T, 2> x) {
  out.store(gemvRows<T, BN, BK>(w, x, tile::program_id(0)));
}

// Explicit instantiations, for the instantiation files of the library and
// of its users.
#define TILE_INSTANTIATE_GEMV(T, BN, BK)                                      \
  template void gemv<T, BN, BK>(tile::Piece<T, BN, 1>, tile::View<T, 2>,       \
                                tile::View<T, 2>)
#define TILE_INSTANTIATE_GEMV_F32(T, BN, BK)                                  \
  template void gemv_f32<T, BN, BK>(tile::Piece<float, BN, 1>,                 \
                                    tile::View<T, 2>, tile::View<T, 2>)

#endif // TILE_LIBRARY_GEMV_H
