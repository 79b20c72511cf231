// The example kernels in host mode against scalar reference loops, on
// sizes that do and do not divide into whole pieces.
#include "cast_bf16.cpp"
#include "saxpy.cpp"
#include "silu_mul.cpp"
#include "vector_add.cpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace {

std::vector<float> randomFloats(int64_t n, unsigned seed) {
  std::mt19937 engine(seed);
  std::normal_distribution<float> dist(0.0f, 3.0f);
  std::vector<float> values(n);
  for (float &v : values)
    v = dist(engine);
  return values;
}

class ExampleKernels : public ::testing::TestWithParam<int64_t> {};

} // namespace

TEST_P(ExampleKernels, VectorAdd) {
  int64_t n = GetParam();
  auto x = randomFloats(n, 1), y = randomFloats(n, 2);
  std::vector<float> z(n, NAN);
  tile::host::launch(vector_add<2048>, tile::host::partition<2048>(z.data(), {n}),
                     tile::View<float>(x.data(), {n}),
                     tile::View<float>(y.data(), {n}));
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(z[i], x[i] + y[i]) << "at " << i;
}

TEST_P(ExampleKernels, Saxpy) {
  int64_t n = GetParam();
  auto x = randomFloats(n, 3), y = randomFloats(n, 4);
  std::vector<float> expected(n);
  float a = 1.75f;
  for (int64_t i = 0; i < n; ++i) {
    volatile float product = a * x[i]; // two roundings, as the source says
    expected[i] = product + y[i];
  }
  tile::host::launch(saxpy<2048>, tile::host::partition<2048>(y.data(), {n}),
                     tile::View<float>(x.data(), {n}), a);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(y[i], expected[i]) << "at " << i;
}

TEST_P(ExampleKernels, SiluMul) {
  int64_t n = GetParam();
  auto xs = randomFloats(n, 5), ys = randomFloats(n, 6);
  std::vector<tile::f16> x(n), y(n), out(n, tile::f16::fromBits(0x7E00));
  for (int64_t i = 0; i < n; ++i) {
    x[i] = tile::f16(xs[i]);
    y[i] = tile::f16(ys[i]);
  }
  tile::host::launch(silu_mul<4096>, tile::host::partition<4096>(out.data(), {n}),
                     tile::View<tile::f16>(x.data(), {n}),
                     tile::View<tile::f16>(y.data(), {n}));
  for (int64_t i = 0; i < n; ++i) {
    double xv = static_cast<float>(x[i]), yv = static_cast<float>(y[i]);
    double expected = xv / (1.0 + std::exp(-xv)) * yv;
    double got = static_cast<float>(out[i]);
    ASSERT_NEAR(got, expected, 1e-3 * std::fabs(expected) + 1e-3) << "at " << i;
  }
}

TEST_P(ExampleKernels, CastBf16) {
  int64_t n = GetParam();
  auto x = randomFloats(n, 7);
  std::vector<tile::bf16> out(n + 8, tile::bf16::fromBits(0x1234));
  tile::host::launch(cast_bf16<4096>, tile::host::partition<4096>(out.data(), {n}),
                     tile::View<float>(x.data(), {n}));
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i].bits, tile::bf16(x[i]).bits) << "at " << i;
  for (int64_t i = n; i < n + 8; ++i)
    ASSERT_EQ(out[i].bits, 0x1234) << "past the end at " << i;
}

INSTANTIATE_TEST_SUITE_P(Sizes, ExampleKernels,
                         ::testing::Values(1, 1000, 4096, 12289, 65536 + 3));
