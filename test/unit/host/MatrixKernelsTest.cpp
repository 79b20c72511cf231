//===- MatrixKernelsTest.cpp - Matrix-product kernels in host mode --------===//

#include "tile/library/batched_matmul.h"
#include "tile/library/flash_attention.h"
#include "tile/library/linear.h"
#include "tile/library/linear_epilogue.h"

#include "persistent_linear.h"
#include "scaled_linear.h"

#include "AttentionReference.h"
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

} // namespace

namespace {

/// Row i of x (m x k) times row j of w (n x k) in float64, and the sum of
/// the products' magnitudes (the scale of f32 accumulation's error).
struct RowProduct {
  double sum = 0, magnitude = 0;
};
template <class T>
RowProduct rowProduct(const std::vector<T> &x, const std::vector<T> &w,
                      int64_t i, int64_t j, int64_t k) {
  RowProduct result;
  for (int64_t l = 0; l < k; ++l) {
    double product = double(float(x[i * k + l])) * float(w[j * k + l]);
    result.sum += product;
    result.magnitude += std::abs(product);
  }
  return result;
}

/// Runs `kernel`, linear<T, BM, BN, BK> or a kernel that computes the same,
/// on random inputs of `shape` and checks every output against a float64
/// sum.
template <class T, int BM, int BN, int BK, class Kernel>
void checkLinear(const MatrixShape &shape, Kernel kernel) {
  auto [m, n, k] = shape;
  std::vector<T> x = randomHalves<T>(m * k, 11), w = randomHalves<T>(n * k, 12);
  std::vector<T> out(m * n, T(-99.0f));
  tile::host::launch(kernel, tile::host::partition<BM, BN>(out.data(), {m, n}),
                     tile::View<T, 2>(x.data(), {m, k}),
                     tile::View<T, 2>(w.data(), {n, k}), int32_t(k));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      auto [expected, magnitude] = rowProduct(x, w, i, j, k);
      // f32 accumulation, then one rounding to T.
      ASSERT_NEAR(float(out[i * n + j]), expected,
                  std::abs(expected) * halfRounding<T>() + magnitude * 1e-6)
          << i << ", " << j;
    }
}

/// Runs linear_bias_silu<T, 128, 256, 64> on random inputs of `shape` and
/// checks every output against silu(scale * sum + bias) in float64.
template <class T> void checkLinearBiasSilu(const MatrixShape &shape) {
  auto [m, n, k] = shape;
  std::vector<T> x = randomHalves<T>(m * k, 21), w = randomHalves<T>(n * k, 22);
  std::vector<T> bias = randomHalves<T>(n, 23);
  std::vector<T> out(m * n, T(-99.0f));
  const float scale = 0.375f;
  tile::host::launch(linear_bias_silu<T, 128, 256, 64>,
                     tile::host::partition<128, 256>(out.data(), {m, n}),
                     tile::View<T, 2>(x.data(), {m, k}),
                     tile::View<T, 2>(w.data(), {n, k}),
                     tile::View<T, 1>(bias.data(), {n}), scale, int32_t(k));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      auto [sum, magnitude] = rowProduct(x, w, i, j, k);
      double y = scale * sum + float(bias[j]);
      double expected = y / (1.0 + std::exp(-y));
      // silu's slope is below 1.1: the f32 sums' error passes through.
      ASSERT_NEAR(float(out[i * n + j]), expected,
                  std::abs(expected) * halfRounding<T>() +
                      1.1 * (scale * magnitude + std::abs(y)) * 1e-6)
          << i << ", " << j;
    }
}

/// The shape's m, n and k, over three products of batched_matmul<T, ...>.
template <class T> void checkBatchedMatmul(const MatrixShape &shape) {
  constexpr int64_t batch = 3;
  auto [m, n, k] = shape;
  std::vector<T> a = randomHalves<T>(batch * m * k, 16);
  std::vector<T> x = randomHalves<T>(batch * k * n, 17);
  std::vector<T> out(batch * m * n, T(-99.0f));
  tile::host::launch(
      batched_matmul<T, 128, 256, 64>,
      tile::host::partition<1, 128, 256>(out.data(), {batch, m, n}),
      tile::View<T, 3>(a.data(), {batch, m, k}),
      tile::View<T, 3>(x.data(), {batch, k, n}), int32_t(k));
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double expected = 0, magnitude = 0;
        for (int64_t l = 0; l < k; ++l) {
          double product = double(float(a[(b * m + i) * k + l])) *
                           float(x[(b * k + l) * n + j]);
          expected += product;
          magnitude += std::abs(product);
        }
        ASSERT_NEAR(float(out[(b * m + i) * n + j]), expected,
                    std::abs(expected) * halfRounding<T>() + magnitude * 1e-6)
            << b << ": " << i << ", " << j;
      }
}

} // namespace

TEST_P(MatrixKernels, Linear) {
  checkLinear<tile::bf16, 128, 256, 64>(GetParam(),
                                        linear<tile::bf16, 128, 256, 64>);
  checkLinear<tile::f16, 128, 256, 64>(GetParam(),
                                       linear<tile::f16, 128, 256, 64>);
}

// The blocks of decoding a small batch: 16 rows by 32 outputs.
TEST_P(MatrixKernels, LinearSmallBatch) {
  checkLinear<tile::bf16, 16, 32, 64>(GetParam(),
                                      linear<tile::bf16, 16, 32, 64>);
  checkLinear<tile::f16, 16, 32, 64>(GetParam(), linear<tile::f16, 16, 32, 64>);
}

// The example whose programs walk the blocks (TILE_PERSISTENT): host mode
// runs every block's program in turn, and the products are linear's.
TEST_P(MatrixKernels, PersistentLinear) {
  checkLinear<tile::bf16, 128, 256, 64>(
      GetParam(), persistent_linear<tile::bf16, 128, 256, 64, 16>);
}

namespace {

/// scaled_linear on 8-bit operands of T: every output against the float64
/// sum of the operands' exact values times both scales, rounded to bf16.
template <class T> void checkScaledLinear(const MatrixShape &shape) {
  auto [m, n, k] = shape;
  std::vector<T> x = randomHalves<T>(m * k, 21), w = randomHalves<T>(n * k, 22);
  std::vector<float> xScale = randomFloats(m, 23), wScale = randomFloats(n, 24);
  std::vector<tile::bf16> out(m * n, tile::bf16(-99.0f));
  tile::host::launch(scaled_linear<T, 128, 256, 128, 16>,
                     tile::host::partition<128, 256>(out.data(), {m, n}),
                     tile::View<T, 2>(x.data(), {m, k}),
                     tile::View<T, 2>(w.data(), {n, k}),
                     tile::View<float>(xScale.data(), {m}),
                     tile::View<float>(wScale.data(), {n}), int32_t(k));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      auto [sum, magnitude] = rowProduct(x, w, i, j, k);
      double scale = double(xScale[i]) * wScale[j];
      double expected = sum * scale;
      EXPECT_NEAR(float(out[i * n + j]), expected,
                  std::abs(expected) * halfRounding<tile::bf16>() +
                      magnitude * std::abs(scale) * 1e-6)
          << i << ", " << j;
    }
}

} // namespace

// int8 and f8e4m3 operands, summed in int32 and float, scaled per row of x
// and of w.
TEST_P(MatrixKernels, ScaledLinear8Bit) {
  checkScaledLinear<int8_t>(GetParam());
  checkScaledLinear<tile::f8e4m3>(GetParam());
}

// The scaling, the bias, SiLU and the cast on the accumulators.
TEST_P(MatrixKernels, LinearBiasSilu) {
  checkLinearBiasSilu<tile::bf16>(GetParam());
  checkLinearBiasSilu<tile::f16>(GetParam());
}

TEST_P(MatrixKernels, BatchedMatmul) {
  checkBatchedMatmul<tile::bf16>(GetParam());
  checkBatchedMatmul<tile::f16>(GetParam());
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

/// Runs flash_attention<64, 64, Dim> on random bf16 inputs of `shape` and
/// checks every output against a float64 softmax.
template <int Dim> void checkCausalAttention(const AttentionShape &shape) {
  constexpr int64_t dim = Dim;
  auto [heads, kvHeads, seq] = shape;
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
      const tile::bf16 *kRows = &k[(h / group) * seq * dim];
      const tile::bf16 *vRows = &v[(h / group) * seq * dim];
      AttentionRow row = referenceAttention(
          &q[(h * seq + i) * dim], dim, i + 1, scale,
          [&](int64_t j) { return kRows + j * dim; },
          [&](int64_t j) { return vRows + j * dim; });
      for (int64_t d = 0; d < dim; ++d)
        // Weights rounded to bf16 before the second product, the output to
        // bf16: a few bf16 ulps of the magnitude.
        ASSERT_NEAR(float(out[(h * seq + i) * dim + d]), row.expected[d],
                    row.magnitude[d] / 64 + 1e-3)
            << "head " << h << " query " << i << " column " << d;
    }
}

} // namespace

TEST_P(Attention, CausalGroupedQuery) { checkCausalAttention<128>(GetParam()); }

TEST_P(Attention, CausalGroupedQueryHeadDim64) {
  checkCausalAttention<64>(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Shapes, Attention,
                         ::testing::Values(AttentionShape{1, 1, 1},
                                           AttentionShape{2, 1, 64},
                                           AttentionShape{4, 2, 100},
                                           AttentionShape{2, 2, 130},
                                           AttentionShape{8, 2, 200}));
