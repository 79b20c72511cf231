// A tour of the math functions: row k of the output holds the k-th function
// of x, so that each is checked on its own (against the C library in host
// mode, against PyTorch in float64 on the GPU). Arguments are shaped to
// each function's domain: round gets halfway cases (multiples of 0.5),
// tan stays inside (-1, 1), the logarithms and roots see |x| + 1 or |x|.
#ifndef TILE_EXAMPLES_MATH_FUNCTIONS_H
#define TILE_EXAMPLES_MATH_FUNCTIONS_H

#include <tile/kernel.h>

template <int N>
TILE_KERNEL void math_functions(tile::Piece<float, 16, N> out,
                                tile::View<float> x) {
  // The output is [16, n]: programs go along its columns, grid axis 1.
  auto v = tile::reshape<1, N>(tile::load<N>(x, tile::program_id(1)));
  auto magnitude = tile::abs(v);
  out.store_at(tile::floor(v * 4.0f), 0, 0);
  out.store_at(tile::ceil(v * 4.0f), 1, 0);
  out.store_at(tile::round(tile::floor(v * 8.0f) * 0.5f), 2, 0);
  out.store_at(tile::trunc(v * 4.0f), 3, 0);
  out.store_at(tile::log2(magnitude + 1.0f), 4, 0);
  out.store_at(tile::tan(tile::tanh(v)), 5, 0);
  out.store_at(tile::sinh(v), 6, 0);
  out.store_at(tile::cosh(v), 7, 0);
  out.store_at(tile::erf(v), 8, 0);
  out.store_at(tile::pow(magnitude, 1.5f), 9, 0);
  out.store_at(tile::atan2(v, 0.5f - v), 10, 0);
  out.store_at(tile::fmod(v * 4.0f, 1.5f), 11, 0);
  out.store_at(tile::exp2(v), 12, 0);
  out.store_at(tile::sqrt(magnitude), 13, 0);
  out.store_at(tile::log(magnitude + 1.0f), 14, 0);
  out.store_at(tile::rsqrt(magnitude + 1.0f), 15, 0);
}

#endif // TILE_EXAMPLES_MATH_FUNCTIONS_H
