// The row-wise example kernels (softmax, RMSNorm, argmax, GEMV) and the
// tiled transpose in host mode, against float64 reference loops, over ragged
// row lengths and row counts.
#include "add_rms_norm.cpp"
#include "argmax_rows.cpp"
#include "gemv.cpp"
#include "rms_norm.cpp"
#include "rope.cpp"
#include "softmax_rows.cpp"
#include "transpose.cpp"

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
  tile::host::launch(add_rms_norm<4096>,
                     tile::host::partition<1, 4096>(out.data(), {rows, length}),
                     tile::host::partition<1, 4096>(sum.data(), {rows, length}),
                     tile::View<tile::bf16, 2>(x.data(), {rows, length}),
                     tile::View<tile::bf16, 1>(w.data(), {length}),
                     int32_t(length), eps);
  for (int64_t r = 0; r < rows; ++r) {
    double squares = 0;
    for (int64_t i = 0; i < length; ++i) {
      int64_t at = r * length + i;
      // One f32 addition of two bf16 values, rounded once to bf16.
      ASSERT_EQ(float(sum[at]),
                float(tile::bf16(float(residual[at]) + float(x[at]))))
          << "row " << r << " element " << i;
      squares += double(float(sum[at])) * float(sum[at]);
    }
    double scale = 1.0 / std::sqrt(squares / double(length) + eps);
    for (int64_t i = 0; i < length; ++i) {
      double expected = float(sum[r * length + i]) * scale * float(w[i]);
      ASSERT_NEAR(float(out[r * length + i]), expected,
                  std::abs(expected) * 1.0 / 128 + 1e-6)
          << "row " << r << " element " << i;
    }
  }
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
  tile::host::launch(rms_norm<4096>,
                     tile::host::partition<1, 4096>(out.data(), {rows, length}),
                     tile::View<tile::bf16, 2>(x.data(), {rows, length}),
                     tile::View<tile::bf16, 1>(w.data(), {length}),
                     int32_t(length), eps);
  for (int64_t r = 0; r < rows; ++r) {
    double squares = 0;
    for (int64_t i = 0; i < length; ++i)
      squares += double(float(x[r * length + i])) * float(x[r * length + i]);
    double scale = 1.0 / std::sqrt(squares / double(length) + eps);
    for (int64_t i = 0; i < length; ++i) {
      double expected = float(x[r * length + i]) * scale * float(w[i]);
      // bf16 keeps 8 bits of mantissa: within half an ulp plus rounding.
      ASSERT_NEAR(float(out[r * length + i]), expected,
                  std::abs(expected) * 1.0 / 128 + 1e-6)
          << "row " << r << " element " << i;
    }
  }
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
  for (int64_t r = 0; r < rows; ++r) {
    const float *row = &x[r * length];
    ASSERT_EQ(out[r], std::max_element(row, row + length) - row) << "row " << r;
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

// Rows of the weight matrix are the shape's rows, k its length.
TEST_P(RowKernels, Gemv) {
  auto [n, k] = GetParam();
  std::vector<tile::bf16> w, x;
  for (float v : randomFloats(n * k, 6))
    w.push_back(tile::bf16(v));
  for (float v : randomFloats(k, 7))
    x.push_back(tile::bf16(v));
  std::vector<tile::bf16> out(n);
  tile::host::launch(gemv<8, 512>,
                     tile::host::partition<8, 1>(out.data(), {n, 1}),
                     tile::View<tile::bf16, 2>(w.data(), {n, k}),
                     tile::View<tile::bf16, 2>(x.data(), {1, k}), int32_t(k));
  for (int64_t r = 0; r < n; ++r) {
    double expected = 0, magnitude = 0;
    for (int64_t i = 0; i < k; ++i) {
      double product = double(float(w[r * k + i])) * float(x[i]);
      expected += product;
      magnitude += std::abs(product);
    }
    // f32 accumulation, then one bf16 rounding.
    ASSERT_NEAR(float(out[r]), expected,
                std::abs(expected) / 128 + magnitude * 1e-6)
        << "row " << r;
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, RowKernels,
                         ::testing::Values(Shape{1, 1}, Shape{1, 1000},
                                           Shape{3, 1024}, Shape{5, 2560},
                                           Shape{2, 4096}, Shape{7, 333},
                                           Shape{2, 5000}));
