// The gate of Qwen3's MLP over rows of tokens: out = silu(gate) * up, in
// bf16, computed in f32. gate and up are the two halves of the fused
// gate/up projection's output, passed as column slices of it. silu(gate) is
// rounded to bf16 before the product, as the unfused bf16 model computes it.
#include "bf16_rounding.h"

#include <tile/kernel.h>

template <int N>
TILE_KERNEL void swiglu(tile::Piece<tile::bf16, 1, N> out,
                        tile::View<tile::bf16, 2> gate,
                        tile::View<tile::bf16, 2> up) {
  auto g = tile::cast<float>(tile::load_like(gate, out));
  auto u = tile::cast<float>(tile::load_like(up, out));
  auto silu = roundedToBf16(g / (1.0f + tile::exp(-g)));
  out.store(tile::cast<tile::bf16>(silu * u));
}

template void swiglu<1024>(tile::Piece<tile::bf16, 1, 1024>,
                           tile::View<tile::bf16, 2>,
                           tile::View<tile::bf16, 2>);
