// out = W x for a weight matrix W (n x k) and one activation row x (1 x k),
// both bf16 or both f16, accumulated in f32: the matrix-vector product of
// batch-1 decode.
// Each program owns BN outputs and walks k in chunks of BK, accumulating
// element-wise products; one reduction at the end sums each row. Four
// outputs per program keep the registers at 48, so that ten programs share
// a multiprocessor and the last wave of programs is short.
#include <tile/kernel.h>

template <class T, int BN, int BK>
TILE_KERNEL void gemv(tile::Piece<T, BN, 1> out, tile::View<T, 2> w,
                      tile::View<T, 2> x, int32_t k) {
  int32_t block = tile::program_id(0);
  auto acc = tile::full<float, BN, BK>(0.0f);
  int32_t chunks = (k + BK - 1) / BK;
  for (int32_t chunk = 0; chunk < chunks; ++chunk) {
    auto weights = tile::cast<float>(tile::load<BN, BK>(w, block, chunk));
    auto inputs = tile::cast<float>(tile::load<1, BK>(x, 0, chunk));
    acc = tile::fma(weights, tile::broadcast<BN, BK>(inputs), acc);
  }
  out.store(tile::cast<T>(tile::reduce_sum<1>(acc)));
}

template void gemv<tile::bf16, 4, 512>(tile::Piece<tile::bf16, 4, 1>,
                                       tile::View<tile::bf16, 2>,
                                       tile::View<tile::bf16, 2>, int32_t);
template void gemv<tile::f16, 4, 512>(tile::Piece<tile::f16, 4, 1>,
                                      tile::View<tile::f16, 2>,
                                      tile::View<tile::f16, 2>, int32_t);
