// The row-wise example kernels (softmax, RMSNorm, argmax, GEMV) and the
// tiled transpose in host mode, against float64 reference loops, over ragged
// row lengths and row counts.
#include "tile/library/add_rms_norm.h"
#include "tile/library/argmax_rows.h"
#include "tile/library/gemv.h"
#include "tile/library/layer_norm.h"
#include "tile/library/qk_norm_rope.h"
#include "tile/library/rms_norm.h"
#include "tile/library/rope.h"
#include "tile/library/softmax_rows.h"
#include "tile/library/top_k.h"
#include "transpose.h"

#include "RandomData.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace {

/// (rows, row length) pairs: single rows, ragged lengths, full pieces.
struct Shape {
  int64_t rows;
  int64_t length;
};

class RowKernels : public ::testing::TestWithParam<Shape> {};

/// Checks `out` against the float64 RMSNorm of the rows of `x` scaled by
/// `w`: within half a bf16 ulp plus rounding.
void expectRmsNorm(const std::vector<tile::bf16> &out,
                   const std::vector<tile::bf16> &x,
                   const std::vector<tile::bf16> &w, int64_t rows,
                   int64_t length, float eps) {
  for (int64_t r = 0; r < rows; ++r) {
    double squares = 0;
    for (int64_t i = 0; i < length; ++i)
      squares += double(float(x[r * length + i])) * float(x[r * length + i]);
    double scale = 1.0 / std::sqrt(squares / double(length) + eps);
    for (int64_t i = 0; i < length; ++i) {
      double expected = float(x[r * length + i]) * scale * float(w[i]);
      ASSERT_NEAR(float(out[r * length + i]), expected,
                  std::abs(expected) * 1.0 / 128 + 1e-6)
          << "row " << r << " element " << i;
    }
  }
}

/// Checks that out[r] is the first index of the largest of row r of `x`.
void expectArgmaxOfRows(const std::vector<int32_t> &out,
                        const std::vector<float> &x, int64_t length) {
  for (size_t r = 0; r < out.size(); ++r) {
    const float *row = &x[r * size_t(length)];
    ASSERT_EQ(out[r], std::max_element(row, row + length) - row) << "row " << r;
  }
}

} // namespace

TEST_P(RowKernels, Softmax) {
  auto [rows, length] = GetParam();
  if (length > 1024)
    GTEST_SKIP() << "softmax_rows<1024> takes rows of up to 1024";
  auto x = randomFloats(rows * length, 1);
  std::vector<float> out(rows * length, -99.0f);
  tile::host::launch(softmax_rows<1024>,
                     tile::host::partition<1, 1024>(out.data(), {rows, length}),
                     tile::View<float, 2>(x.data(), {rows, length}),
                     int32_t(length));
  for (int64_t r = 0; r < rows; ++r) {
    const float *row = &x[r * length];
    double peak = *std::max_element(row, row + length), total = 0;
    for (int64_t i = 0; i < length; ++i)
      total += std::exp(double(row[i]) - peak);
    for (int64_t i = 0; i < length; ++i)
      ASSERT_NEAR(out[r * length + i], std::exp(double(row[i]) - peak) / total,
                  1e-6)
          << "row " << r << " element " << i;
  }
}

TEST_P(RowKernels, AddRmsNorm) {
  auto [rows, length] = GetParam();
  if (length > 4096)
    GTEST_SKIP() << "add_rms_norm<4096> takes rows of up to 4096";
  std::vector<tile::bf16> x, residual, w;
  for (float v : randomFloats(rows * length, 8))
    x.push_back(tile::bf16(v));
  for (float v : randomFloats(rows * length, 9))
    residual.push_back(tile::bf16(v));
  for (float v : randomFloats(length, 10))
    w.push_back(tile::bf16(v));
  std::vector<tile::bf16> sum = residual, out(rows * length);
  float eps = 1e-6f;
  tile::host::launch(add_rms_norm<tile::bf16, 4096>,
                     tile::host::partition<1, 4096>(out.data(), {rows, length}),
                     tile::host::partition<1, 4096>(sum.data(), {rows, length}),
                     tile::View<tile::bf16, 2>(x.data(), {rows, length}),
                     tile::View<tile::bf16, 1>(w.data(), {length}),
                     int32_t(length), eps);
  for (int64_t at = 0; at < rows * length; ++at)
    // One f32 addition of two bf16 values, rounded once to bf16.
    ASSERT_EQ(float(sum[at]),
              float(tile::bf16(float(residual[at]) + float(x[at]))))
        << "element " << at;
  expectRmsNorm(out, sum, w, rows, length, eps);
}

/// Runs layer_norm<4096> on rows of `x` drawn around `offset` and checks it
/// against float64; skips rows longer than the piece.
static void checkLayerNorm(int64_t rows, int64_t length, float offset) {
  if (length > 4096)
    GTEST_SKIP() << "layer_norm<4096> takes rows of up to 4096";
  std::vector<tile::bf16> x, w, b;
  for (float v : randomFloats(rows * length, 12))
    x.push_back(tile::bf16(v + offset));
  for (float v : randomFloats(length, 13))
    w.push_back(tile::bf16(v));
  for (float v : randomFloats(length, 14))
    b.push_back(tile::bf16(v));
  std::vector<tile::bf16> out(rows * length);
  float eps = 1e-5f;
  tile::host::launch(layer_norm<4096>,
                     tile::host::partition<1, 4096>(out.data(), {rows, length}),
                     tile::View<tile::bf16, 2>(x.data(), {rows, length}),
                     tile::View<tile::bf16, 1>(w.data(), {length}),
                     tile::View<tile::bf16, 1>(b.data(), {length}),
                     int32_t(length), eps);
  for (int64_t r = 0; r < rows; ++r) {
    double mean = 0, variance = 0;
    for (int64_t i = 0; i < length; ++i)
      mean += float(x[r * length + i]);
    mean /= double(length);
    for (int64_t i = 0; i < length; ++i)
      variance += std::pow(float(x[r * length + i]) - mean, 2);
    double scale = 1.0 / std::sqrt(variance / double(length) + eps);
    for (int64_t i = 0; i < length; ++i) {
      double normed = (float(x[r * length + i]) - mean) * scale * float(w[i]);
      double expected = normed + float(b[i]);
      // Half a bf16 ulp of the result, plus f32 rounding of the normed term
      // and of the mean (a few f32 ulps of it, scaled as x is).
      double meanRounding =
          std::abs(mean) * 2.5e-7 * scale * std::abs(float(w[i]));
      ASSERT_NEAR(float(out[r * length + i]), expected,
                  std::abs(expected) / 128 + std::abs(normed) * 1e-4 +
                      meanRounding + 1e-6)
          << "row " << r << " element " << i;
    }
  }
}

TEST_P(RowKernels, LayerNorm) {
  auto [rows, length] = GetParam();
  checkLayerNorm(rows, length, 5.0f);
}

// Rows whose mean is hundreds of standard deviations from zero: a sum of
// squares minus the squared mean would lose the variance in f32.
TEST_P(RowKernels, LayerNormFarFromZero) {
  auto [rows, length] = GetParam();
  checkLayerNorm(rows, length, 1000.0f);
}

// Rows are tokens; the length sets their positions.
TEST_P(RowKernels, Rope) {
  constexpr int64_t heads = 32, dim = 128;
  auto [tokens, length] = GetParam();
  std::vector<tile::bf16> x;
  for (float v : randomFloats(tokens * heads * dim, 11))
    x.push_back(tile::bf16(v));
  std::vector<int32_t> positions(tokens);
  for (int64_t t = 0; t < tokens; ++t)
    positions[t] = int32_t((length * 7 + t * 13) % 40000);
  float theta = 1000000.0f;
  std::vector<tile::bf16> out(tokens * heads * dim);
  tile::host::launch(
      rope<heads, dim>,
      tile::host::partition<heads, 2, dim / 2>(out.data(),
                                               {tokens * heads, 2, dim / 2}),
      tile::View<tile::bf16, 3>(x.data(), {tokens * heads, 2, dim / 2}),
      tile::View<int32_t, 1>(positions.data(), {tokens}), theta);
  for (int64_t t = 0; t < tokens; ++t)
    for (int64_t h = 0; h < heads; ++h)
      for (int64_t i = 0; i < dim / 2; ++i) {
        int64_t head = (t * heads + h) * dim;
        double angle = positions[t] * std::pow(double(theta), -2.0 * i / dim);
        double x1 = float(x[head + i]), x2 = float(x[head + i + dim / 2]);
        double first = x1 * std::cos(angle) - x2 * std::sin(angle);
        double second = x2 * std::cos(angle) + x1 * std::sin(angle);
        // f32 angles of positions up to 4e4 lose about 4e-3 radians.
        double tolerance = (std::abs(x1) + std::abs(x2)) * 1e-2;
        ASSERT_NEAR(float(out[head + i]), first, tolerance)
            << t << ", " << h << ", " << i;
        ASSERT_NEAR(float(out[head + i + dim / 2]), second, tolerance)
            << t << ", " << h << ", " << i;
      }
}

// Rows are tokens, written into a cache after `length % 7` earlier rows.
TEST_P(RowKernels, QkNormRope) {
  constexpr int64_t qHeads = 32, kvHeads = 8, dim = 128, half = dim / 2;
  constexpr int64_t rowsPerToken = 2 * (qHeads + 2 * kvHeads);
  auto [tokens, length] = GetParam();
  int64_t first = length % 7, cacheRows = first + tokens + 3;
  std::vector<tile::bf16> qkv, qWeight, kWeight;
  for (float v : randomFloats(tokens * rowsPerToken * half, 15))
    qkv.push_back(tile::bf16(v));
  for (float v : randomFloats(dim, 16))
    qWeight.push_back(tile::bf16(v));
  for (float v : randomFloats(dim, 17))
    kWeight.push_back(tile::bf16(v));
  std::vector<int32_t> positions(tokens);
  for (int64_t t = 0; t < tokens; ++t)
    positions[t] = int32_t(first + t);
  std::vector<tile::bf16> q(tokens * qHeads * dim);
  std::vector<tile::bf16> kCache(cacheRows * kvHeads * dim, tile::bf16(-7.0f));
  std::vector<tile::bf16> vCache = kCache;
  float theta = 1000000.0f, eps = 1e-6f;
  tile::host::launch(
      qk_norm_rope<tile::bf16, qHeads, kvHeads, dim>,
      tile::host::partition<1, 2 * qHeads, half>(q.data(),
                                                 {tokens, 2 * qHeads, half}),
      tile::host::partition<1, 2 * kvHeads, half>(
          kCache.data() + first * kvHeads * dim, {tokens, 2 * kvHeads, half}),
      tile::host::partition<1, 2 * kvHeads, half>(
          vCache.data() + first * kvHeads * dim, {tokens, 2 * kvHeads, half}),
      tile::View<tile::bf16, 3>(qkv.data(), {tokens, rowsPerToken, half}),
      tile::View<tile::bf16, 2>(qWeight.data(), {2, half}),
      tile::View<tile::bf16, 2>(kWeight.data(), {2, half}),
      tile::View<int32_t, 1>(positions.data(), {tokens}), theta, eps);

  // Head h of token t starts at element `offset` of the projection.
  auto expectHead = [&](const tile::bf16 *out, int64_t offset,
                        const std::vector<tile::bf16> &weight, int64_t t) {
    double squares = 0;
    for (int64_t d = 0; d < dim; ++d)
      squares += std::pow(float(qkv[offset + d]), 2);
    double scale = 1.0 / std::sqrt(squares / dim + eps);
    for (int64_t i = 0; i < half; ++i) {
      double angle = positions[t] * std::pow(double(theta), -2.0 * i / dim);
      double x1 = float(qkv[offset + i]) * scale * float(weight[i]);
      double x2 =
          float(qkv[offset + half + i]) * scale * float(weight[half + i]);
      double tolerance = (std::abs(x1) + std::abs(x2)) / 64 + 1e-5;
      ASSERT_NEAR(float(out[i]), x1 * std::cos(angle) - x2 * std::sin(angle),
                  tolerance)
          << "token " << t << " element " << i;
      ASSERT_NEAR(float(out[half + i]),
                  x2 * std::cos(angle) + x1 * std::sin(angle), tolerance)
          << "token " << t << " element " << half + i;
    }
  };
  for (int64_t t = 0; t < tokens; ++t) {
    const int64_t row = t * rowsPerToken * half;
    for (int64_t h = 0; h < qHeads; ++h)
      expectHead(&q[(t * qHeads + h) * dim], row + h * dim, qWeight, t);
    for (int64_t h = 0; h < kvHeads; ++h) {
      int64_t at = ((first + t) * kvHeads + h) * dim;
      int64_t kOffset = row + (qHeads + h) * dim;
      expectHead(&kCache[at], kOffset, kWeight, t);
      for (int64_t d = 0; d < dim; ++d)
        ASSERT_EQ(float(vCache[at + d]),
                  float(qkv[kOffset + kvHeads * dim + d]));
    }
  }
  // The rows of the cache before and after the chunk are untouched.
  for (int64_t e = 0; e < first * kvHeads * dim; ++e)
    ASSERT_EQ(float(kCache[e]), -7.0f);
  for (int64_t e = (first + tokens) * kvHeads * dim; e < int64_t(kCache.size());
       ++e)
    ASSERT_EQ(float(vCache[e]), -7.0f);
}

TEST_P(RowKernels, RmsNorm) {
  auto [rows, length] = GetParam();
  if (length > 4096)
    GTEST_SKIP() << "rms_norm<4096> takes rows of up to 4096";
  std::vector<tile::bf16> x, w;
  for (float v : randomFloats(rows * length, 2))
    x.push_back(tile::bf16(v));
  for (float v : randomFloats(length, 3))
    w.push_back(tile::bf16(v));
  float eps = 1e-6f;
  std::vector<tile::bf16> out(rows * length);
  tile::host::launch(rms_norm<tile::bf16, 4096>,
                     tile::host::partition<1, 4096>(out.data(), {rows, length}),
                     tile::View<tile::bf16, 2>(x.data(), {rows, length}),
                     tile::View<tile::bf16, 1>(w.data(), {length}),
                     int32_t(length), eps);
  expectRmsNorm(out, x, w, rows, length, eps);
}

TEST_P(RowKernels, Argmax) {
  auto [rows, length] = GetParam();
  auto x = randomFloats(rows * length, 4);
  // A tie: the first of two equal maxima wins.
  if (length > 3)
    x[1] = x[length - 1] = 1e9f;
  std::vector<int32_t> out(rows, -1);
  tile::host::launch(
      argmax_rows<2048>, tile::host::partition<1, 1>(out.data(), {rows, 1}),
      tile::View<float, 2>(x.data(), {rows, length}), int32_t(length));
  expectArgmaxOfRows(out, x, length);
}

TEST_P(RowKernels, ArgmaxOverSplits) {
  auto [rows, length] = GetParam();
  auto x = randomFloats(rows * length, 4);
  // Ties within a split's lane, across lanes and across splits: the first
  // index wins (with 1024-wide chunks and 3 splits, index 3 * 1024 is
  // split 0's second chunk; the last index is another split's).
  for (int64_t at : {int64_t(3), 3 * int64_t(1024) + 3, int64_t(2), length - 1})
    if (at < length)
      x[at] = 1e9f;
  constexpr int64_t splits = 3;
  std::vector<float> best(rows * splits, -1.0f);
  std::vector<int32_t> where(rows * splits, -1), out(rows, -1);
  tile::host::launch(argmax_split<1024>,
                     tile::host::partition<1, 1>(best.data(), {rows, splits}),
                     tile::host::partition<1, 1>(where.data(), {rows, splits}),
                     tile::View<float, 2>(x.data(), {rows, length}),
                     int32_t(length));
  tile::host::launch(argmax_merge<64>,
                     tile::host::partition<1, 1>(out.data(), {rows, 1}),
                     tile::View<float, 2>(best.data(), {rows, splits}),
                     tile::View<int32_t, 2>(where.data(), {rows, splits}));
  expectArgmaxOfRows(out, x, length);
}

TEST_P(RowKernels, TopKOfEachStretch) {
  auto [rows, length] = GetParam();
  auto x = randomFloats(rows * length, 8);
  // Equal values: the lower column comes first.
  for (int64_t at : {int64_t(7), int64_t(3), int64_t(2050)})
    if (at < length)
      x[at] = 1e9f;
  constexpr int64_t kStretch = 2048, kTop = 64;
  int64_t stretches = (length + kStretch - 1) / kStretch;
  std::vector<float> values(rows * stretches * kTop, -1.0f);
  std::vector<int32_t> ids(rows * stretches * kTop, -2);
  tile::host::launch(
      top_k_split<kStretch, kTop>,
      tile::host::partition<1, kTop>(values.data(), {rows, stretches * kTop}),
      tile::host::partition<1, kTop>(ids.data(), {rows, stretches * kTop}),
      tile::View<float, 2>(x.data(), {rows, length}), int32_t(length));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t s = 0; s < stretches; ++s) {
      // The stretch's columns, largest first, the lower column on ties.
      std::vector<int32_t> order;
      for (int64_t c = s * kStretch; c < std::min(length, (s + 1) * kStretch);
           ++c)
        order.push_back(int32_t(c));
      const float *row = &x[r * length];
      std::stable_sort(order.begin(), order.end(),
                       [&](int32_t a, int32_t b) { return row[a] > row[b]; });
      for (int64_t place = 0; place < kTop; ++place) {
        size_t at = size_t((r * stretches + s) * kTop + place);
        if (place < int64_t(order.size())) {
          ASSERT_EQ(ids[at], order[size_t(place)])
              << r << ", " << s << ", " << place;
          ASSERT_EQ(values[at], row[order[size_t(place)]]);
        } else {
          ASSERT_EQ(ids[at], -1) << "past the stretch's columns";
        }
      }
    }
}

TEST_P(RowKernels, Transpose) {
  auto [rows, length] = GetParam();
  auto x = randomFloats(rows * length, 5);
  std::vector<float> out(rows * length, -99.0f);
  tile::host::launch(transpose<32>,
                     tile::host::partition<32, 32>(out.data(), {length, rows}),
                     tile::View<float, 2>(x.data(), {rows, length}));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < length; ++c)
      ASSERT_EQ(out[c * rows + r], x[r * length + c]) << r << ", " << c;
}

namespace {

/// gemv<T, 4, 512> with the shape's rows as the weight matrix's rows, k its
/// length, against a float64 sum.
template <class T> void checkGemv(const Shape &shape) {
  auto [n, k] = shape;
  std::vector<T> w = randomHalves<T>(n * k, 6), x = randomHalves<T>(k, 7);
  std::vector<T> out(n);
  tile::host::launch(gemv<T, 4, 512>,
                     tile::host::partition<4, 1>(out.data(), {n, 1}),
                     tile::View<T, 2>(w.data(), {n, k}),
                     tile::View<T, 2>(x.data(), {1, k}));
  for (int64_t r = 0; r < n; ++r) {
    double expected = 0, magnitude = 0;
    for (int64_t i = 0; i < k; ++i) {
      double product = double(float(w[r * k + i])) * float(x[i]);
      expected += product;
      magnitude += std::abs(product);
    }
    // f32 accumulation, then one rounding to T.
    ASSERT_NEAR(float(out[r]), expected,
                std::abs(expected) * halfRounding<T>() + magnitude * 1e-6)
        << "row " << r;
  }
}

} // namespace

TEST_P(RowKernels, Gemv) {
  checkGemv<tile::bf16>(GetParam());
  checkGemv<tile::f16>(GetParam());
}

INSTANTIATE_TEST_SUITE_P(Shapes, RowKernels,
                         ::testing::Values(Shape{1, 1}, Shape{1, 1000},
                                           Shape{3, 1024}, Shape{5, 2560},
                                           Shape{2, 4096}, Shape{7, 333},
                                           Shape{2, 5000}));
