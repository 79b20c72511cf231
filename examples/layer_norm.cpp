// out[r, :] = (x[r, :] - mean) / sqrt(var + eps) * w + b over rows of n <= N
// bf16 elements, one program per row, computed in f32. Loads read zeros past
// the row's end; the variance leaves those out. The weights and biases are
// loaded with the row, so that they are in flight together.
#include <tile/kernel.h>

template <int N>
TILE_KERNEL void layer_norm(tile::Piece<tile::bf16, 1, N> out,
                            tile::View<tile::bf16, 2> x,
                            tile::View<tile::bf16, 1> w,
                            tile::View<tile::bf16, 1> b, int32_t n, float eps) {
  auto xf = tile::cast<float>(tile::load_like(x, out));
  auto wLoaded = tile::reshape<1, N>(tile::load<N>(w, 0));
  auto bLoaded = tile::reshape<1, N>(tile::load<N>(b, 0));
  auto mean = tile::reduce_sum<1>(xf) / static_cast<float>(n);
  auto inside = tile::reshape<1, N>(tile::iota<int32_t, N>()) < n;
  auto centered = tile::select(inside, xf - tile::broadcast<1, N>(mean),
                               tile::full<float, 1, N>(0.0f));
  auto variance =
      tile::reduce_sum<1>(centered * centered) / static_cast<float>(n);
  auto scale = tile::rsqrt(variance + eps);
  auto weight = tile::cast<float>(wLoaded);
  auto bias = tile::cast<float>(bLoaded);
  out.store(tile::cast<tile::bf16>(
      centered * tile::broadcast<1, N>(scale) * weight + bias));
}

template void layer_norm<4096>(tile::Piece<tile::bf16, 1, 4096>,
                               tile::View<tile::bf16, 2>,
                               tile::View<tile::bf16, 1>,
                               tile::View<tile::bf16, 1>, int32_t, float);
