// Lambdas in a kernel, in host mode: what they capture by copy, by
// reference and by init-capture, generic lambdas, a lambda passed to a
// helper and one storing into the piece, against a plain loop. tilecc
// compiles the same kernel (test/Frontend/lambda-host-kernel.test).
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

template <class F, int N>
tile::Tile<float, N> applyTwice(F f, const tile::Tile<float, N> &t) {
  return f(f(t));
}

/// out = a^2 * sum over i < steps of (a * x + 2 * (a + 1) + i).
template <int N>
TILE_KERNEL void lambda_steps(tile::Piece<float, N> out, tile::View<float> x,
                              float a, int steps) {
  float s = a;
  // Copies s = a; the reassignment below does not reach it.
  auto scale = [=](const tile::Tile<float, N> &t) { return t * s; };
  s = a + 1.0f;
  auto shift = [k = s * 2.0f](auto v) { return v + k; };
  auto acc = tile::full<float, N>(0.0f);
  auto t = tile::load_like(x, out);
  for (int i = 0; i < steps; ++i) {
    auto addStep = [&, i] {
      acc = acc + shift(scale(t)) + static_cast<float>(i);
    };
    addStep();
  }
  auto put = [](tile::Piece<float, N> &piece, const tile::Tile<float, N> &v) {
    piece.store(v);
  };
  put(out, applyTwice(scale, acc));
}
template void lambda_steps<64>(tile::Piece<float, 64>, tile::View<float>, float,
                               int);

TEST(Lambdas, CapturesAndCallsMatchPlainLoops) {
  constexpr int64_t n = 200; // not a multiple of the piece: a ragged edge
  constexpr float a = 0.75f;
  constexpr int steps = 5;
  std::vector<float> x(n), out(n + 8, -1.0f);
  for (int64_t i = 0; i < n; ++i)
    x[i] = std::sin(0.1f * static_cast<float>(i));
  tile::host::launch(lambda_steps<64>,
                     tile::host::partition<64>(out.data(), {n}),
                     tile::View<float>(x.data(), {n}), a, steps);
  for (int64_t i = 0; i < n; ++i) {
    float acc = 0.0f;
    for (int step = 0; step < steps; ++step)
      acc = acc + (x[i] * a + 2.0f * (a + 1.0f)) + static_cast<float>(step);
    EXPECT_FLOAT_EQ(out[i], acc * a * a) << "element " << i;
  }
  for (int64_t i = n; i < n + 8; ++i)
    EXPECT_EQ(out[i], -1.0f) << "past the tensor at " << i;
}
