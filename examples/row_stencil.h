// A 3-tap stencil along each row: out[r, c] = weights[0] * x[r, c - 1] +
// weights[1] * x[r, c] + weights[2] * x[r, c + 1], with zeros past the
// row's ends (PyTorch's conv1d with padding 1). A program holds whole rows,
// so the neighbours are the row itself moved one element right and one
// left (tile::shift), zero where they move in past the ends; past the last
// column the load has read zeros already.
#ifndef TILE_EXAMPLES_ROW_STENCIL_H
#define TILE_EXAMPLES_ROW_STENCIL_H

#include <tile/kernel.h>

template <int Rows, int Columns>
TILE_KERNEL void row_stencil(tile::Piece<float, Rows, Columns> out,
                             tile::View<float, 2> x,
                             tile::View<float> weights) {
  TILE_REQUIRE(x.size(1) <= Columns);
  TILE_REQUIRE(weights.size(0) == 3);
  auto row = tile::load_like(x, out);
  auto before = tile::shift<1>(row, 1, 0.0f);
  auto after = tile::shift<1>(row, -1, 0.0f);
  out.store(tile::load_scalar(weights, 0) * before +
            tile::load_scalar(weights, 1) * row +
            tile::load_scalar(weights, 2) * after);
}

#endif // TILE_EXAMPLES_ROW_STENCIL_H
