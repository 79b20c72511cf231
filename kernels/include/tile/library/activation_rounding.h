// f32 arithmetic rounded to a model's activation type T where that model
// stores its result, so that a kernel computing in f32 rounds where the
// reference model does. An f32 model (T = float) rounds nowhere.
#ifndef TILE_LIBRARY_ACTIVATION_ROUNDING_H
#define TILE_LIBRARY_ACTIVATION_ROUNDING_H

#include <tile/kernel.h>

/// `x` rounded to T (to nearest, ties to even), as f32.
template <class T, int... S>
tile::Tile<float, S...> roundedTo(const tile::Tile<float, S...> &x) {
  return tile::cast<float>(tile::cast<T>(x));
}

#endif // TILE_LIBRARY_ACTIVATION_ROUNDING_H
