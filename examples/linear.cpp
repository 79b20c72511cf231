// out = x W^T for bf16 activations x (m x k) and a bf16 weight matrix W
// (n x k, the layout of a Hugging Face linear layer), accumulated in f32 on
// the tensor cores: the matrix product of prefill. The program at (i, j)
// owns a BM x BN block of the output and walks k in steps of BK; loads pad
// the ragged edges with zeros, which add nothing to the sums.
#include <tile/kernel.h>

template <int BM, int BN, int BK>
TILE_KERNEL void linear(tile::Piece<tile::bf16, BM, BN> out,
                        tile::View<tile::bf16, 2> x,
                        tile::View<tile::bf16, 2> w, int32_t k) {
  int32_t row = tile::program_id(0);
  int32_t column = tile::program_id(1);
  auto acc = tile::full<float, BM, BN>(0.0f);
  int32_t steps = (k + BK - 1) / BK;
  for (int32_t step = 0; step < steps; ++step) {
    auto inputs = tile::load<BM, BK>(x, row, step);
    auto weights = tile::permute<1, 0>(tile::load<BN, BK>(w, column, step));
    acc = tile::dot(inputs, weights, acc);
  }
  out.store(tile::cast<tile::bf16>(acc));
}

template void linear<64, 64, 32>(tile::Piece<tile::bf16, 64, 64>,
                                 tile::View<tile::bf16, 2>,
                                 tile::View<tile::bf16, 2>, int32_t);
