// f32 arithmetic rounded to bf16 where a bf16 model stores its result, so
// that a kernel computing in f32 rounds where the reference model does.
#ifndef TILE_EXAMPLES_BF16_ROUNDING_H
#define TILE_EXAMPLES_BF16_ROUNDING_H

#include <tile/kernel.h>

/// `x` rounded to bf16 (to nearest, ties to even), as f32.
template <int... S>
tile::Tile<float, S...> roundedToBf16(const tile::Tile<float, S...> &x) {
  return tile::cast<float>(tile::cast<tile::bf16>(x));
}

#endif // TILE_EXAMPLES_BF16_ROUNDING_H
