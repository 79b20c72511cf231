// out = x W^T for a weight matrix W (n x k) and a few activation rows x
// (rows x k), both bf16 or both f16, accumulated in f32 on the tensor cores:
// decode of a small batch, bound by reading W. The program at (i, j) owns
// rows [i * M, i * M + M) and columns [j * BN, j * BN + BN) and walks k in
// chunks of BK; M is the 16 rows of one mma.sync block, so that up to 16
// rows of activations read W once (rows past the tensor load as zeros).
// Narrow blocks of 32 outputs give enough programs to keep HBM busy.
#include <tile/kernel.h>

template <class T, int M, int BN, int BK>
TILE_KERNEL void gemv_rows(tile::Piece<T, M, BN> out, tile::View<T, 2> w,
                           tile::View<T, 2> x, int32_t k) {
  int32_t rows = tile::program_id(0);
  int32_t block = tile::program_id(1);
  auto acc = tile::full<float, M, BN>(0.0f);
  int32_t chunks = (k + BK - 1) / BK;
  for (int32_t chunk = 0; chunk < chunks; ++chunk) {
    auto inputs = tile::load<M, BK>(x, rows, chunk);
    auto weights = tile::permute<1, 0>(tile::load<BN, BK>(w, block, chunk));
    acc = tile::dot(inputs, weights, acc);
  }
  out.store(tile::cast<T>(acc));
}

template void gemv_rows<tile::bf16, 16, 32, 64>(tile::Piece<tile::bf16, 16, 32>,
                                                tile::View<tile::bf16, 2>,
                                                tile::View<tile::bf16, 2>,
                                                int32_t);
template void gemv_rows<tile::f16, 16, 32, 64>(tile::Piece<tile::f16, 16, 32>,
                                               tile::View<tile::f16, 2>,
                                               tile::View<tile::f16, 2>,
                                               int32_t);
