//===- MatrixKernelsTest.cpp - Matrix-product kernels in host mode --------===//

#include "linear.cpp"

#include "RandomData.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

struct MatrixShape {
  int64_t m;
  int64_t n;
  int64_t k;
};

class MatrixKernels : public ::testing::TestWithParam<MatrixShape> {};

std::vector<tile::bf16> randomBf16(int64_t count, unsigned seed) {
  std::vector<tile::bf16> values;
  for (float v : randomFloats(count, seed))
    values.push_back(tile::bf16(v));
  return values;
}

} // namespace

TEST_P(MatrixKernels, Linear) {
  auto [m, n, k] = GetParam();
  std::vector<tile::bf16> x = randomBf16(m * k, 11), w = randomBf16(n * k, 12);
  std::vector<tile::bf16> out(m * n, tile::bf16(-99.0f));
  tile::host::launch(linear<64, 64, 32>,
                     tile::host::partition<64, 64>(out.data(), {m, n}),
                     tile::View<tile::bf16, 2>(x.data(), {m, k}),
                     tile::View<tile::bf16, 2>(w.data(), {n, k}), int32_t(k));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double expected = 0, magnitude = 0;
      for (int64_t l = 0; l < k; ++l) {
        double product = double(float(x[i * k + l])) * float(w[j * k + l]);
        expected += product;
        magnitude += std::abs(product);
      }
      // f32 accumulation, then one bf16 rounding.
      ASSERT_NEAR(float(out[i * n + j]), expected,
                  std::abs(expected) / 128 + magnitude * 1e-6)
          << i << ", " << j;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, MatrixKernels,
    ::testing::Values(MatrixShape{64, 64, 32}, MatrixShape{1, 1, 1},
                      MatrixShape{70, 130, 100}, MatrixShape{128, 192, 256},
                      MatrixShape{33, 65, 97}, MatrixShape{5, 300, 40}));
