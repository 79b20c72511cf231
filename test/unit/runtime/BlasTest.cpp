//===- BlasTest.cpp - GEMM and GEMV in host mode against a reference ------===//

#include "saxpy.h"

#include "tile/runtime/Blas.h"
#include "tile/runtime/Graph.h"
#include "tile/runtime/HostKernel.h"

#include "ThrowsWith.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tile::rt;

namespace {

class Blas : public ::testing::Test {
protected:
  Tensor random(const char *dtype, std::vector<int64_t> shape, uint64_t seed) {
    Tensor t = Tensor::empty(host, dtype, std::move(shape));
    t.fillRandom(stream, seed);
    return t;
  }

  /// The elements of `view`, row-major, as floats.
  std::vector<float> floats(const TensorView &view) {
    if (view.dtype() == "f32")
      return view.toHost<float>(stream);
    std::vector<float> values;
    if (view.dtype() == "f16")
      for (tile::f16 value : view.toHost<tile::f16>(stream))
        values.push_back(float(value));
    else
      for (tile::bf16 value : view.toHost<tile::bf16>(stream))
        values.push_back(float(value));
    return values;
  }

  /// alpha * op(A) * op(B) + beta * C in double, from the tensors' values.
  std::vector<double> reference(const TensorView &a, const TensorView &b,
                                const std::vector<float> &c,
                                const GemmOptions &options) {
    std::vector<float> as = floats(a), bs = floats(b);
    int64_t m = options.transposeA ? a.shape()[1] : a.shape()[0];
    int64_t k = options.transposeA ? a.shape()[0] : a.shape()[1];
    int64_t n = options.transposeB ? b.shape()[0] : b.shape()[1];
    auto atA = [&](int64_t i, int64_t p) {
      return options.transposeA ? as[p * m + i] : as[i * k + p];
    };
    auto atB = [&](int64_t p, int64_t j) {
      return options.transposeB ? bs[j * k + p] : bs[p * n + j];
    };
    std::vector<double> result(size_t(m * n));
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double sum = 0;
        for (int64_t p = 0; p < k; ++p)
          sum += double(atA(i, p)) * double(atB(p, j));
        result[size_t(i * n + j)] =
            options.alpha * sum + options.beta * c[size_t(i * n + j)];
      }
    return result;
  }

  /// Checks `actual` against `expected` within `tolerance`, relative to
  /// the largest magnitude.
  static void expectClose(const std::vector<float> &actual,
                          const std::vector<double> &expected,
                          double tolerance) {
    ASSERT_EQ(actual.size(), expected.size());
    double scale = 1;
    for (double value : expected)
      scale = std::max(scale, std::abs(value));
    for (size_t i = 0; i < actual.size(); ++i)
      ASSERT_NEAR(actual[i], expected[i], tolerance * scale) << "element " << i;
  }

  /// Runs gemm on fresh random operands and checks it.
  void checkGemm(const char *in, const char *out, int64_t m, int64_t n,
                 int64_t k, GemmOptions options, double tolerance) {
    Tensor a = random(in,
                      options.transposeA ? std::vector<int64_t>{k, m}
                                         : std::vector<int64_t>{m, k},
                      1);
    Tensor b = random(in,
                      options.transposeB ? std::vector<int64_t>{n, k}
                                         : std::vector<int64_t>{k, n},
                      2);
    Tensor c = random(out, {m, n}, 3);
    std::vector<double> expected =
        reference(a.view(), b.view(), floats(c.view()), options);
    c = gemm(stream, std::move(c), a, b, options).get();
    expectClose(floats(c.view()), expected, tolerance);
  }

  Device host = Device::host();
  Stream stream{host};
};

} // namespace

TEST_F(Blas, GemmOfF32) {
  checkGemm("f32", "f32", 37, 29, 53, {}, 1e-5);
  checkGemm("f32", "f32", 16, 24, 8, {.alpha = 1.5f, .beta = 0.5f}, 1e-5);
}

TEST_F(Blas, GemmOfHalvesAccumulatesInF32) {
  for (const char *in : {"f16", "bf16"}) {
    SCOPED_TRACE(in);
    checkGemm(in, "f32", 33, 65, 130, {}, 1e-5);
    checkGemm(in, "f32", 8, 8, 512, {.alpha = 2.0f, .beta = -1.0f}, 1e-5);
  }
}

TEST_F(Blas, GemmRoundsToAHalfOutput) {
  checkGemm("f16", "f16", 20, 30, 40, {.beta = 1.0f}, 1e-3);
  checkGemm("bf16", "bf16", 20, 30, 40, {}, 1e-2);
}

TEST_F(Blas, GemmTransposes) {
  checkGemm("bf16", "f32", 12, 7, 19, {.transposeA = true}, 1e-5);
  checkGemm("bf16", "f32", 12, 7, 19, {.transposeB = true}, 1e-5);
  checkGemm("f16", "f32", 12, 7, 19,
            {.transposeA = true, .transposeB = true, .beta = 2.0f}, 1e-5);
}

TEST_F(Blas, GemmOfAWideMatrixGoesThroughPanels) {
  // In host mode a half B is widened a panel of columns at a time (about
  // 2^20 elements): 5000 columns of 300 take two panels, the second ragged.
  checkGemm("bf16", "f32", 3, 5000, 300, {.transposeB = true, .beta = 0.5f},
            1e-5);
  checkGemm("bf16", "f32", 3, 5000, 300, {.alpha = 2.0f, .beta = 1.0f}, 1e-5);
  checkGemm("f16", "f16", 2, 5000, 300, {.transposeB = true}, 1e-3);
}

TEST_F(Blas, GemmReadsStridedRowsAndWritesOnlyItsOwn) {
  // A is columns [3, 13) of a 4 x 20 matrix; C is rows [1, 5) and columns
  // [2, 7) of an 8 x 9 matrix, whose other elements stay as they were.
  Tensor wide = random("f16", {4, 20}, 4);
  TensorView a = wide.view().slice(1, 3, 13);
  Tensor b = random("f16", {10, 5}, 5);
  Tensor whole = random("f32", {8, 9}, 6);
  std::vector<float> before = floats(whole.view());
  TensorView inner = whole.view().slice(0, 1, 5).slice(1, 2, 7);
  std::vector<double> expected = reference(a, b.view(), floats(inner), {});
  Tensor c = Tensor::borrow(host, inner.address(), "f32", inner.shape(),
                            inner.strides(), inner.memory());
  c = gemm(stream, std::move(c), a, b).get();
  expectClose(floats(c.view()), expected, 1e-5);
  std::vector<float> after = floats(whole.view());
  for (int64_t r = 0; r < 8; ++r)
    for (int64_t col = 0; col < 9; ++col) {
      if (r < 1 || r >= 5 || col < 2 || col >= 7) {
        EXPECT_EQ(after[r * 9 + col], before[r * 9 + col]) << r << ", " << col;
      }
    }
}

TEST_F(Blas, GemvPlainTransposedAndStrided) {
  Tensor a = random("bf16", {70, 300}, 7);
  Tensor x = random("bf16", {300}, 8);
  Tensor y = random("f32", {70}, 9);
  std::vector<double> expected =
      reference(a.view(), x.view().reshape({300, 1}), floats(y.view()),
                {.alpha = 0.5f, .beta = 1.0f});
  y = gemv(stream, std::move(y), a, x, {.alpha = 0.5f, .beta = 1.0f}).get();
  expectClose(floats(y.view()), expected, 1e-5);

  // y = A^T x, with x every other element of a vector.
  Tensor xs = random("bf16", {140}, 10);
  TensorView strided = TensorView(xs.view().memory(), 0, "bf16", {70}, {2});
  std::vector<float> xValues;
  for (size_t i = 0; i < 140; i += 2)
    xValues.push_back(floats(xs.view())[i]);
  Tensor column = Tensor::fromHost<float>(stream, xValues, {70, 1});
  std::vector<double> transposed =
      reference(a.view(), column.view(), std::vector<float>(300, 0.0f),
                {.transposeA = true});
  Tensor yt = gemv(stream, Tensor::empty(host, "f32", {300}), a, strided,
                   {.transposeA = true})
                  .get();
  expectClose(floats(yt.view()), transposed, 1e-5);
}

TEST_F(Blas, ProductsChainWithLaunchesAndReplayInGraphs) {
  Kernel saxpyKernel =
      hostKernel<&saxpy<2048>>(host, "saxpy<2048>", {"y", "x", "a"});
  Tensor a = random("f32", {4, 4}, 11), x = random("f32", {4}, 12);
  Tensor ones = Tensor::empty(host, "f32", {4});
  ones.fill(stream, 1.0);
  // y = A x, then y = 2 * ones + y, queued without waiting; then the same
  // captured once and replayed twice (y = A x + 2 each time).
  auto run = [&](Tensor y) {
    return gemv(stream, std::move(y), a, x).then([&](Tensor product) {
      return launch(stream, saxpyKernel, std::move(product).partition({2048}),
                    ones, 2.0f);
    });
  };
  std::vector<float> chained =
      run(Tensor::empty(host, "f32", {4})).get().toHost<float>(stream);
  std::vector<double> expected =
      reference(a.view(), x.view().reshape({4, 1}), {0, 0, 0, 0}, {});
  for (double &value : expected)
    value += 2.0;
  expectClose(chained, expected, 1e-6);

  Tensor y = Tensor::empty(host, "f32", {4});
  y.fill(stream, std::nan(""));
  Graph graph = Graph::capture(stream, [&] { y = run(std::move(y)).get(); });
  EXPECT_EQ(graph.launchCount(), 1u);
  graph.replay(stream);
  graph.replay(stream);
  stream.synchronize();
  expectClose(y.toHost<float>(stream), expected, 1e-6);
}

TEST_F(Blas, EmptyProductsWriteNothing) {
  Tensor a = random("f32", {0, 3}, 13), b = random("f32", {3, 4}, 14);
  Tensor c = gemm(stream, Tensor::empty(host, "f32", {0, 4}), a, b).get();
  EXPECT_EQ(c.numel(), 0);
  // k = 0: C = beta * C.
  Tensor a0 = random("f32", {2, 0}, 15), b0 = random("f32", {0, 2}, 16);
  Tensor c0 = Tensor::empty(host, "f32", {2, 2});
  c0.fill(stream, 3.0);
  c0 = gemm(stream, std::move(c0), a0, b0, {.beta = 2.0f}).get();
  EXPECT_EQ(c0.toHost<float>(stream), std::vector<float>(4, 6.0f));
}

TEST_F(Blas, RejectedProductsKeepTheOutput) {
  Tensor a = random("f16", {4, 8}, 17), b = random("f16", {8, 6}, 18);
  Tensor c = random("f32", {4, 6}, 19);
  std::vector<float> kept = c.toHost<float>(stream);
  auto rejects = [&](auto call, const std::string &part) {
    EXPECT_TRUE(throwsWith(call, part));
    ASSERT_TRUE(c.valid()) << part;
    EXPECT_EQ(c.toHost<float>(stream), kept) << part;
  };
  Tensor b32 = random("f32", {8, 6}, 20), i32 = random("i32", {4, 8}, 21);
  Tensor vector = random("f16", {8}, 22);
  rejects([&] { gemm(stream, std::move(c), a, vector.view()); },
          "B must be a matrix (rank 2); got shape [8]");
  rejects([&] { gemm(stream, std::move(c), a, b, {.transposeB = true}); },
          "op(A) is [4, 8] and op(B) is [6, 8]: their inner extents differ");
  rejects([&] { gemm(stream, std::move(c), a, b, {.transposeA = true}); },
          "inner extents differ");
  rejects([&] { gemm(stream, std::move(c), a, b32); },
          "B has element type f32; expected A's, f16");
  rejects([&] { gemm(stream, std::move(c), i32, b); },
          "A has element type i32; expected f16, bf16 or f32");
  Tensor wrongShape = random("f32", {6, 4}, 23);
  EXPECT_TRUE(throwsWith([&] { gemm(stream, std::move(wrongShape), a, b); },
                         "C has shape [6, 4]; op(A) * op(B) has shape [4, 6]"));
  EXPECT_TRUE(wrongShape.valid());
  Tensor bf16Output = random("bf16", {4, 6}, 24);
  EXPECT_TRUE(throwsWith([&] { gemm(stream, std::move(bf16Output), a, b); },
                         "C has element type bf16; expected f32 or A's, f16"));
  EXPECT_TRUE(bf16Output.valid());
  Tensor moved = std::move(b);
  rejects([&] { gemm(stream, std::move(c), a, b.view()); }, "was moved");
  b = std::move(moved);
  // A column slice has an innermost stride of 2 after a transposing view.
  TensorView everyOther(a.view().memory(), 0, "f16", {4, 4}, {8, 2});
  rejects(
      [&] { gemm(stream, std::move(c), everyOther, b.view().slice(0, 0, 4)); },
      "must have an innermost stride of 1; got strides [8, 2]");
  TensorView repeatedRows(a.view().memory(), 0, "f16", {4, 8}, {0, 1});
  rejects([&] { gemm(stream, std::move(c), repeatedRows, b); },
          "A has rows that overlap");

  // An output that is also an input.
  Tensor square = random("f32", {4, 4}, 25);
  TensorView squareView = square.view();
  EXPECT_TRUE(throwsWith(
      [&] { gemm(stream, std::move(square), squareView, squareView); },
      "C is written and shares memory with A"));
  EXPECT_TRUE(square.valid());
}

TEST_F(Blas, RejectedGemvKeepsTheOutput) {
  Tensor a = random("bf16", {5, 7}, 26), x = random("bf16", {7}, 27);
  Tensor y = random("f32", {5}, 28);
  auto rejects = [&](auto call, const std::string &part) {
    EXPECT_TRUE(throwsWith(call, part));
    EXPECT_TRUE(y.valid()) << part;
  };
  rejects([&] { gemv(stream, std::move(y), a, x, {.transposeA = true}); },
          "op(A) is [7, 5] and x has 7 elements; expected 5");
  Tensor x2 = random("bf16", {7, 1}, 29);
  rejects([&] { gemv(stream, std::move(y), a, x2); },
          "x must be a vector (rank 1); got shape [7, 1]");
  Tensor xf = random("f16", {7}, 30);
  rejects([&] { gemv(stream, std::move(y), a, xf); },
          "x has element type f16; expected A's, bf16");
  Tensor longY = random("f32", {6}, 31);
  EXPECT_TRUE(throwsWith([&] { gemv(stream, std::move(longY), a, x); },
                         "y has 6 elements; op(A) * x has 5"));
  EXPECT_TRUE(longY.valid());
  TensorView broadcast(x.view().memory(), 0, "bf16", {7}, {0});
  rejects([&] { gemv(stream, std::move(y), a, broadcast); },
          "x must have a positive stride; got 0");
  Tensor aliased = random("bf16", {7}, 32);
  TensorView aliasedView = aliased.view();
  Tensor square = random("bf16", {7, 7}, 33);
  EXPECT_TRUE(
      throwsWith([&] { gemv(stream, std::move(aliased), square, aliasedView); },
                 "y is written and shares memory with x"));
  EXPECT_TRUE(aliased.valid());
}
