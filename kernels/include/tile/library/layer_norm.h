// out[r, :] = (x[r, :] - mean) / sqrt(var + eps) * w + b over rows of n <= N
// bf16 elements, one program per row, computed in f32. The row streams
// through in chunks of 512 (64 threads, a few registers each), so that many
// rows are in flight per multiprocessor: one pass sums x - x[r, 0] and its
// squares per lane (shifted by the row's first element, so that rows far
// from zero keep their variance), two chunks at a time, and a second pass
// normalizes and stores. Chunks past the row's end are skipped; the last
// pair, which may be partial, is masked. tile::fma saves a float instruction
// per element in each pass, which shows: the loops issue almost as fast as
// memory feeds them.
#ifndef TILE_LIBRARY_LAYER_NORM_H
#define TILE_LIBRARY_LAYER_NORM_H

#include <tile/kernel.h>

template <int N>
TILE_KERNEL void layer_norm(tile::Piece<tile::bf16, 1, N> out,
                            tile::View<tile::bf16, 2> x,
                            tile::View<tile::bf16, 1> w,
                            tile::View<tile::bf16, 1> b, int32_t n, float eps) {
  constexpr int C = 512;
  int row = tile::program_id(0);
  // The whole row on its way into L2 at once: the loads below then wait on
  // L2, not on memory, and hold registers for two chunks only.
  tile::prefetch<1, N>(x, row, 0);
  float shift = float(tile::load_scalar(x, row, 0));
  auto zero = tile::full<float, 1, C>(0.0f);
  auto sums = zero;
  auto squares = zero;
  // Two chunks per iteration, both loads in flight before either is used.
  for (int k = 0; k < N / C; k += 2)
    if (k * C < n) {
      auto d0 = tile::cast<float>(tile::load<1, C>(x, row, k)) - shift;
      auto d1 = tile::cast<float>(tile::load<1, C>(x, row, k + 1)) - shift;
      if ((k + 2) * C > n) {
        auto at = tile::reshape<1, C>(tile::iota<int32_t, C>() + k * C);
        d0 = tile::select(at < n, d0, zero);
        d1 = tile::select(at + C < n, d1, zero);
      }
      sums = sums + d0 + d1;
      squares = tile::fma(d1, d1, tile::fma(d0, d0, squares));
    }
  auto meanShifted = tile::reduce_sum<1>(sums) / static_cast<float>(n);
  auto variance = tile::reduce_sum<1>(squares) / static_cast<float>(n) -
                  meanShifted * meanShifted;
  auto scale = tile::broadcast<1, C>(tile::rsqrt(variance + eps));
  auto mean = tile::broadcast<1, C>(meanShifted + shift);
  for (int k = 0; k < N / C; ++k)
    if (k * C < n) {
      auto xk = tile::cast<float>(tile::load<1, C>(x, row, k));
      auto wk = tile::cast<float>(tile::reshape<1, C>(tile::load<C>(w, k)));
      auto bk = tile::cast<float>(tile::reshape<1, C>(tile::load<C>(b, k)));
      out.store_at(
          tile::cast<tile::bf16>(tile::fma((xk - mean) * scale, wk, bk)), 0, k);
    }
}

#endif // TILE_LIBRARY_LAYER_NORM_H
