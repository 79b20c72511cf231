// A 3x3 stencil: out[r, c] = sum over dr, dc in {0, 1, 2} of
// weights[3 * dr + dc] * x[r + dr - 1, c + dc - 1], with zeros past the
// image's edges (a convolution with padding 1, as PyTorch's conv2d computes
// it). Each of the nine neighbour tiles is an element-offset load of the
// input, one element up, down, left or right of the program's piece; the
// loads read zeros where they reach past the image, so the edges need no
// other code.
#ifndef TILE_EXAMPLES_STENCIL3X3_H
#define TILE_EXAMPLES_STENCIL3X3_H

#include <tile/kernel.h>

#include <cstdint>

template <int Rows, int Columns>
TILE_KERNEL void stencil3x3(tile::Piece<float, Rows, Columns> out,
                            tile::View<float, 2> x, tile::View<float> weights) {
  TILE_REQUIRE(weights.size(0) == 9);
  int64_t top = int64_t(tile::program_id(0)) * Rows - 1;
  int64_t left = int64_t(tile::program_id(1)) * Columns - 1;
  auto sum = tile::full<float, Rows, Columns>(0.0f);
  for (int dr = 0; dr < 3; ++dr)
    for (int dc = 0; dc < 3; ++dc) {
      float weight = tile::load_scalar(weights, 3 * dr + dc);
      sum = sum + weight * tile::load_at<Rows, Columns>(x, top + dr, left + dc);
    }
  out.store(sum);
}

#endif // TILE_EXAMPLES_STENCIL3X3_H
