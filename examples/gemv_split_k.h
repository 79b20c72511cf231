// y += W x with bf16 weights and input and an f32 output, the sum over the
// columns split across programs: program (i, j) multiplies row block i of
// W by column block j of x and adds its partial sums into y with atomic
// adds (tile::Atomic). A matrix of few rows and many columns, which one
// program per row block would leave to a handful of programs, then keeps
// the whole GPU busy. The weights' block is an input piece, which gives
// the grid; y starts at zero (or at a bias). The order in which programs
// add is the GPU's, so the last bits of y may differ from run to run.
#ifndef TILE_EXAMPLES_GEMV_SPLIT_K_H
#define TILE_EXAMPLES_GEMV_SPLIT_K_H

#include <tile/kernel.h>

template <int Rows, int Columns>
TILE_KERNEL void gemv_split_k(tile::Piece<const tile::bf16, Rows, Columns> w,
                              tile::View<tile::bf16> x, tile::Atomic<float> y) {
  auto weights = tile::cast<float>(w.load());
  auto inputs = tile::cast<float>(tile::load<Columns>(x, tile::program_id(1)));
  auto products = weights * tile::broadcast<Rows, Columns>(
                                tile::reshape<1, Columns>(inputs));
  auto partial = tile::reshape<Rows>(tile::reduce_sum<1>(products));
  auto rows = tile::iota<int64_t, Rows>() + int64_t(tile::program_id(0)) * Rows;
  // Rows past the matrix's end lie outside y: their updates are dropped.
  y.add(partial, rows);
}

#endif // TILE_EXAMPLES_GEMV_SPLIT_K_H
