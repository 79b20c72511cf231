//===- MatrixKernelsTest.cpp - Matrix-product kernels in host mode --------===//

#include "flash_attention.cpp"
#include "linear.cpp"

#include "RandomData.h"

#include <gtest/gtest.h>

#include <algorithm>
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

namespace {

/// Query heads, key/value heads and sequence length of an attention test.
struct AttentionShape {
  int64_t heads;
  int64_t kvHeads;
  int64_t seq;
};

class Attention : public ::testing::TestWithParam<AttentionShape> {};

} // namespace

TEST_P(Attention, CausalGroupedQuery) {
  constexpr int64_t dim = 128;
  auto [heads, kvHeads, seq] = GetParam();
  std::vector<tile::bf16> q = randomBf16(heads * seq * dim, 13);
  std::vector<tile::bf16> k = randomBf16(kvHeads * seq * dim, 14);
  std::vector<tile::bf16> v = randomBf16(kvHeads * seq * dim, 15);
  // Inputs of deviation 3 make scores of deviation ~9 after scaling: the
  // softmax is peaked but not one-hot.
  float scale = 1.0f / std::sqrt(float(dim));
  std::vector<tile::bf16> out(heads * seq * dim, tile::bf16(-99.0f));
  int64_t group = heads / kvHeads;
  tile::host::launch(
      flash_attention<64, 64, dim>,
      tile::host::partition<1, 64, dim>(out.data(), {heads, seq, dim}),
      tile::View<tile::bf16, 3>(q.data(), {heads, seq, dim}),
      tile::View<tile::bf16, 3>(k.data(), {kvHeads, seq, dim}),
      tile::View<tile::bf16, 3>(v.data(), {kvHeads, seq, dim}), int32_t(seq),
      int32_t(group), scale);
  for (int64_t h = 0; h < heads; ++h)
    for (int64_t i = 0; i < seq; ++i) {
      const tile::bf16 *query = &q[(h * seq + i) * dim];
      std::vector<double> scores(i + 1);
      for (int64_t j = 0; j <= i; ++j) {
        const tile::bf16 *key = &k[((h / group) * seq + j) * dim];
        double dot = 0;
        for (int64_t d = 0; d < dim; ++d)
          dot += double(float(query[d])) * float(key[d]);
        scores[j] = dot * scale;
      }
      double peak = *std::max_element(scores.begin(), scores.end()), sum = 0;
      for (double &s : scores)
        sum += (s = std::exp(s - peak));
      for (int64_t d = 0; d < dim; ++d) {
        double expected = 0, magnitude = 0;
        for (int64_t j = 0; j <= i; ++j) {
          double value = float(v[((h / group) * seq + j) * dim + d]);
          expected += scores[j] / sum * value;
          magnitude += scores[j] / sum * std::abs(value);
        }
        // Weights rounded to bf16 before the second product, the output to
        // bf16: a few bf16 ulps of the magnitude.
        ASSERT_NEAR(float(out[(h * seq + i) * dim + d]), expected,
                    magnitude / 64 + 1e-3)
            << "head " << h << " query " << i << " column " << d;
      }
    }
}

INSTANTIATE_TEST_SUITE_P(Shapes, Attention,
                         ::testing::Values(AttentionShape{1, 1, 1},
                                           AttentionShape{2, 1, 64},
                                           AttentionShape{4, 2, 100},
                                           AttentionShape{2, 2, 130},
                                           AttentionShape{8, 2, 200}));
