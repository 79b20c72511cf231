// The gate of Qwen3's MLP over rows of tokens: out = silu(gate) * up, in
// the activation type T, computed in f32. gate and up are the two halves of
// the fused gate/up projection's output, passed as column slices of it.
// silu(gate) is rounded to T before the product, as the unfused model
// computes it.
#ifndef TILE_LIBRARY_SWIGLU_H
#define TILE_LIBRARY_SWIGLU_H

#include "activation_rounding.h"

#include <tile/kernel.h>

template <class T, int N>
TILE_KERNEL void swiglu(tile::Piece<T, 1, N> out, tile::View<T, 2> gate,
                        tile::View<T, 2> up) {
  auto g = tile::cast<float>(tile::load_like(gate, out));
  auto u = tile::cast<float>(tile::load_like(up, out));
  auto silu = roundedTo<T>(g / (1.0f + tile::exp(-g)));
  out.store(tile::cast<T>(silu * u));
}

#endif // TILE_LIBRARY_SWIGLU_H
