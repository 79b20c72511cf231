// out = x W^T for a weight matrix W (n x k) and up to M activation rows x
// (rows x k), both bf16 or both f16, accumulated in f32: decode of a small
// batch, bound by reading W once for all rows. Each program owns BN outputs of
// every row and walks k in chunks of BK; one reduction at the end sums each
// product.
#include <tile/kernel.h>

template <class T, int M, int BN, int BK>
TILE_KERNEL void gemv_rows(tile::Piece<T, M, BN> out, tile::View<T, 2> w,
                           tile::View<T, 2> x, int32_t k) {
  int32_t block = tile::program_id(1);
  auto acc = tile::full<float, M, BN, BK>(0.0f);
  int32_t chunks = (k + BK - 1) / BK;
  for (int32_t chunk = 0; chunk < chunks; ++chunk) {
    auto weights = tile::cast<float>(tile::load<BN, BK>(w, block, chunk));
    auto inputs = tile::cast<float>(tile::load<M, BK>(x, 0, chunk));
    acc = tile::fma(
        tile::broadcast<M, BN, BK>(tile::reshape<1, BN, BK>(weights)),
        tile::broadcast<M, BN, BK>(tile::reshape<M, 1, BK>(inputs)), acc);
  }
  out.store(tile::cast<T>(tile::reshape<M, BN>(tile::reduce_sum<2>(acc))));
}

template void gemv_rows<tile::bf16, 8, 8, 128>(tile::Piece<tile::bf16, 8, 8>,
                                               tile::View<tile::bf16, 2>,
                                               tile::View<tile::bf16, 2>,
                                               int32_t);
template void gemv_rows<tile::f16, 8, 8, 128>(tile::Piece<tile::f16, 8, 8>,
                                              tile::View<tile::f16, 2>,
                                              tile::View<tile::f16, 2>,
                                              int32_t);
