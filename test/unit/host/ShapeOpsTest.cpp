// Broadcast, reshape, permute, reductions and dot in host mode, against
// naive loops.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

using tile::Tile;

namespace {

/// A tile of distinct values: sin(scale * (i + 1)), converted to T.
template <class T, int... S> Tile<T, S...> distinct(float scale) {
  Tile<T, S...> t;
  for (int i = 0; i < t.size; ++i)
    t[i] = static_cast<T>(std::sin(scale * float(i + 1)));
  return t;
}

template <int... S> Tile<int32_t, S...> smallIntegers(int seed) {
  Tile<int32_t, S...> t;
  for (int i = 0; i < t.size; ++i)
    t[i] = (i * 7 + seed) % 11 - 5;
  return t;
}

template <class A, int... P>
concept CanPermute = requires(A a) {
  tile::permute<P...>(a);
};

} // namespace

TEST(ShapeOps, BroadcastRepeatsUnitDimensions) {
  Tile<float, 4, 1> column;
  column[0] = 1, column[1] = 2, column[2] = 3, column[3] = 4;
  auto wide = tile::broadcast<4, 8>(column);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 8; ++c)
      EXPECT_EQ(wide[r * 8 + c], column[r]);

  auto cube = distinct<float, 1, 4, 1>(0.5f);
  auto big = tile::broadcast<2, 4, 8>(cube);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 8; ++k)
        EXPECT_EQ(big[(i * 4 + j) * 8 + k], cube[j]);

  auto square = distinct<float, 2, 2>(0.1f);
  auto same = tile::broadcast<2, 2>(square);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(same[i], square[i]);
}

TEST(ShapeOps, ReshapeKeepsRowMajorOrder) {
  auto m = distinct<float, 2, 4>(0.3f);
  auto flat = tile::reshape<8>(m);
  auto cube = tile::reshape<4, 1, 2>(m);
  static_assert(decltype(cube)::shape == std::array<int, 3>{4, 1, 2});
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(flat[i], m[i]);
    EXPECT_EQ(cube[i], m[i]);
  }
}

TEST(ShapeOps, PermuteTransposes) {
  auto m = distinct<float, 2, 4>(0.7f);
  auto t = tile::permute<1, 0>(m);
  static_assert(decltype(t)::shape == std::array<int, 2>{4, 2});
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 4; ++c)
      EXPECT_EQ(t[c * 2 + r], m[r * 4 + c]);
}

TEST(ShapeOps, PermuteInThreeDimensions) {
  // Result (a, b, c) of permute<2, 0, 1> is input element with coordinate 2
  // = a, coordinate 0 = b, coordinate 1 = c.
  auto x = distinct<float, 2, 4, 8>(0.2f);
  auto y = tile::permute<2, 0, 1>(x);
  static_assert(decltype(y)::shape == std::array<int, 3>{8, 2, 4});
  for (int a = 0; a < 8; ++a)
    for (int b = 0; b < 2; ++b)
      for (int c = 0; c < 4; ++c)
        EXPECT_EQ(y[(a * 2 + b) * 4 + c], x[(b * 4 + c) * 8 + a]);
  auto identity = tile::permute<0, 1, 2>(x);
  for (int i = 0; i < x.size; ++i)
    EXPECT_EQ(identity[i], x[i]);
  // Applying a permutation and its inverse gives the input back.
  auto back = tile::permute<1, 2, 0>(y);
  for (int i = 0; i < x.size; ++i)
    EXPECT_EQ(back[i], x[i]);
  static_assert(CanPermute<Tile<float, 2, 4>, 1, 0>);
}

TEST(ShapeOps, ReductionsKeepTheAxis) {
  auto m = distinct<float, 4, 8>(0.9f);
  auto rowSums = tile::reduce_sum<1>(m);
  auto colMax = tile::reduce_max<0>(m);
  auto rowMin = tile::reduce_min<1>(m);
  static_assert(decltype(rowSums)::shape == std::array<int, 2>{4, 1});
  static_assert(decltype(colMax)::shape == std::array<int, 2>{1, 8});
  for (int r = 0; r < 4; ++r) {
    float sum = 0, low = INFINITY;
    for (int c = 0; c < 8; ++c) {
      sum += m[r * 8 + c];
      low = std::fmin(low, m[r * 8 + c]);
    }
    EXPECT_EQ(rowSums[r], sum); // the same order of additions
    EXPECT_EQ(rowMin[r], low);
  }
  for (int c = 0; c < 8; ++c) {
    float high = -INFINITY;
    for (int r = 0; r < 4; ++r)
      high = std::fmax(high, m[r * 8 + c]);
    EXPECT_EQ(colMax[c], high);
  }
}

TEST(ShapeOps, ReductionsOverEachAxisOfAThreeDimensionalTile) {
  auto x = smallIntegers<2, 4, 8>(3);
  auto s0 = tile::reduce_sum<0>(x);
  auto s1 = tile::reduce_sum<1>(x);
  auto s2 = tile::reduce_max<2>(x);
  static_assert(decltype(s0)::shape == std::array<int, 3>{1, 4, 8});
  static_assert(decltype(s1)::shape == std::array<int, 3>{2, 1, 8});
  static_assert(decltype(s2)::shape == std::array<int, 3>{2, 4, 1});
  auto at = [&](int i, int j, int k) { return x[(i * 4 + j) * 8 + k]; };
  for (int j = 0; j < 4; ++j)
    for (int k = 0; k < 8; ++k)
      EXPECT_EQ(s0[j * 8 + k], at(0, j, k) + at(1, j, k));
  for (int i = 0; i < 2; ++i)
    for (int k = 0; k < 8; ++k)
      EXPECT_EQ(s1[i * 8 + k],
                at(i, 0, k) + at(i, 1, k) + at(i, 2, k) + at(i, 3, k));
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j) {
      int32_t high = at(i, j, 0);
      for (int k = 1; k < 8; ++k)
        high = std::max(high, at(i, j, k));
      EXPECT_EQ(s2[i * 4 + j], high);
    }
}

TEST(ShapeOps, HalfSumsInFloatAndRoundsOnce) {
  // 2048 + 1 + 1 + ... : each partial sum in f16 would stay at 2048 (1 is
  // half an ulp there, ties to even); summed in float it reaches 2063,
  // which rounds once (ties to even) to 2064.
  Tile<tile::f16, 16> x;
  x[0] = tile::f16(2048.0f);
  for (int i = 1; i < 16; ++i)
    x[i] = tile::f16(1.0f);
  EXPECT_EQ(float(tile::reduce_sum<0>(x)[0]), 2064.0f);
}

TEST(ShapeOps, IntegerSumsWrap) {
  auto x = tile::full<int32_t, 2>(std::numeric_limits<int32_t>::max());
  EXPECT_EQ(tile::reduce_sum<0>(x)[0], -2);
}

TEST(ShapeOps, ReduceMaxAndMinPropagateNaN) {
  Tile<float, 2, 4> x;
  for (int i = 0; i < 8; ++i)
    x[i] = float(i);
  x[5] = NAN;
  auto hi = tile::reduce_max<1>(x), lo = tile::reduce_min<1>(x);
  EXPECT_EQ(hi[0], 3.0f);
  EXPECT_EQ(lo[0], 0.0f);
  EXPECT_TRUE(std::isnan(hi[1]));
  EXPECT_TRUE(std::isnan(lo[1]));
}

TEST(ShapeOps, ScansAlongEachAxis) {
  auto x = smallIntegers<2, 4, 8>(3);
  auto sums = tile::cumsum<1>(x), starts = tile::exclusive_cumsum<1>(x);
  auto highs = tile::cummax<2>(x), lows = tile::cummin<0>(x);
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 4; ++b)
      for (int c = 0; c < 8; ++c) {
        auto at = [](int i, int j, int k) { return (i * 4 + j) * 8 + k; };
        int32_t sum = 0, high = x[at(a, b, 0)], low = x[at(0, b, c)];
        for (int j = 0; j < b; ++j)
          sum += x[at(a, j, c)];
        EXPECT_EQ(starts[at(a, b, c)], sum);
        EXPECT_EQ(sums[at(a, b, c)], sum + x[at(a, b, c)]);
        for (int k = 0; k <= c; ++k)
          high = std::max(high, x[at(a, b, k)]);
        EXPECT_EQ(highs[at(a, b, c)], high);
        for (int i = 0; i <= a; ++i)
          low = std::min(low, x[at(i, b, c)]);
        EXPECT_EQ(lows[at(a, b, c)], low);
      }
}

TEST(ShapeOps, ProductsMultiplyInIndexOrderAndWrap) {
  Tile<int32_t, 2, 4> x;
  for (int i = 0; i < 8; ++i)
    x[i] = i + 1; // rows 1 2 3 4 and 5 6 7 8
  auto rows = tile::reduce_prod<1>(x);
  EXPECT_EQ(rows[0], 24);
  EXPECT_EQ(rows[1], 1680);
  auto running = tile::cumprod<1>(x);
  EXPECT_EQ(running[1], 2);
  EXPECT_EQ(running[2], 6);
  EXPECT_EQ(running[7], 1680);
  auto columns = tile::cumprod<0>(x);
  EXPECT_EQ(columns[3], 4);
  EXPECT_EQ(columns[4], 5);
  EXPECT_EQ(columns[7], 32);
  // 65536 * 65536 wraps to 0 in 32 bits, as on the GPU.
  EXPECT_EQ(tile::reduce_prod<0>(tile::full<int32_t, 2>(65536))[0], 0);
  Tile<tile::bf16, 4> h;
  for (int i = 0; i < 4; ++i)
    h[i] = tile::bf16(1.5f);
  EXPECT_EQ(float(tile::reduce_prod<0>(h)[0]), 5.0625f);
}

TEST(ShapeOps, ScansRoundHalvesOnceAndPropagateNaN) {
  // As in the reduction: the f16 running sum of 2048 and fifteen ones is
  // kept in float, each element rounded once (2049 ties to 2048).
  Tile<tile::f16, 16> h;
  h[0] = tile::f16(2048.0f);
  for (int i = 1; i < 16; ++i)
    h[i] = tile::f16(1.0f);
  auto running = tile::cumsum<0>(h);
  EXPECT_EQ(float(running[1]), 2048.0f);
  EXPECT_EQ(float(running[2]), 2050.0f);
  EXPECT_EQ(float(running[15]), 2064.0f);
  Tile<float, 4> x;
  x[0] = 1.0f, x[1] = NAN, x[2] = 5.0f, x[3] = -1.0f;
  auto highs = tile::cummax<0>(x);
  EXPECT_EQ(highs[0], 1.0f);
  EXPECT_TRUE(std::isnan(highs[1]) && std::isnan(highs[3]));
  auto wrapped = tile::cumsum<0>(
      tile::full<int32_t, 2>(std::numeric_limits<int32_t>::max()));
  EXPECT_EQ(wrapped[1], -2);
}

TEST(ShapeOps, ReduceWithACombinerFoldsEachLineInIndexOrder) {
  auto t = smallIntegers<4, 8>(3);
  // A combiner that records its order: a non-commutative one shows that
  // host mode folds element 0 first, then 1, and so on.
  auto digits = tile::reduce<1>(
      tile::select(t < 0, t * -1, t),
      [](int32_t acc, int32_t x) { return (acc * 10 + x) % 1000003; });
  auto bits = tile::reduce<0>(t, [](int32_t a, int32_t b) { return a | b; });
  for (int r = 0; r < 4; ++r) {
    int32_t expected = std::abs(t[r * 8]);
    for (int c = 1; c < 8; ++c)
      expected = (expected * 10 + std::abs(t[r * 8 + c])) % 1000003;
    EXPECT_EQ(digits[r], expected) << "row " << r;
  }
  for (int c = 0; c < 8; ++c)
    EXPECT_EQ(bits[c], t[c] | t[8 + c] | t[16 + c] | t[24 + c]) << c;
  static_assert(std::is_same_v<decltype(bits), Tile<int32_t, 1, 8>>);
}

TEST(ShapeOps, ScanWithACombinerIsInclusive) {
  auto t = distinct<float, 2, 16>(0.7f);
  // Generic lambdas take the element type.
  auto peaks = tile::scan<1>(t, [](auto a, auto b) { return a > b ? a : b; });
  for (int r = 0; r < 2; ++r) {
    float running = t[r * 16];
    for (int c = 0; c < 16; ++c) {
      running = std::max(running, t[r * 16 + c]);
      EXPECT_EQ(peaks[r * 16 + c], running) << r << ", " << c;
    }
  }
}

TEST(ShapeOps, ArgmaxTakesTheFirstOfTies) {
  Tile<float, 8> x;
  float values[] = {1, 5, 2, 5, -1, 0, 3, -2};
  for (int i = 0; i < 8; ++i)
    x[i] = values[i];
  auto best = tile::argmax<0>(x);
  static_assert(std::is_same_v<decltype(best), Tile<int32_t, 1>>);
  EXPECT_EQ(best[0], 1);
}

TEST(ShapeOps, ArgmaxAlongEachAxis) {
  auto m = distinct<float, 4, 8>(1.3f);
  auto rows = tile::argmax<1>(m);
  auto cols = tile::argmax<0>(m);
  for (int r = 0; r < 4; ++r) {
    int best = 0;
    for (int c = 1; c < 8; ++c)
      if (m[r * 8 + c] > m[r * 8 + best])
        best = c;
    EXPECT_EQ(rows[r], best);
  }
  for (int c = 0; c < 8; ++c) {
    int best = 0;
    for (int r = 1; r < 4; ++r)
      if (m[r * 8 + c] > m[best * 8 + c])
        best = r;
    EXPECT_EQ(cols[c], best);
  }
}

TEST(ShapeOps, ArgmaxCountsNaNAsLargest) {
  Tile<float, 8> x;
  float values[] = {1, 9, NAN, 4, NAN, 3, 0, -2};
  for (int i = 0; i < 8; ++i)
    x[i] = values[i];
  EXPECT_EQ(tile::argmax<0>(x)[0], 2);
  auto ints = smallIntegers<4, 8>(1);
  auto best = tile::argmax<1>(ints);
  for (int r = 0; r < 4; ++r) {
    int b = 0;
    for (int c = 1; c < 8; ++c)
      if (ints[r * 8 + c] > ints[r * 8 + b])
        b = c;
    EXPECT_EQ(best[r], b);
  }
}

TEST(ShapeOps, ArgminTakesTheFirstSmallestAndNaNFirst) {
  Tile<float, 8> x;
  float values[] = {1, -5, 2, -5, 7, 0, 3, -2};
  for (int i = 0; i < 8; ++i)
    x[i] = values[i];
  auto least = tile::argmin<0>(x);
  static_assert(std::is_same_v<decltype(least), Tile<int32_t, 1>>);
  EXPECT_EQ(least[0], 1);
  x[6] = NAN;
  x[7] = NAN;
  EXPECT_EQ(tile::argmin<0>(x)[0], 6);
  auto ints = smallIntegers<4, 8>(2);
  auto rows = tile::argmin<1>(ints);
  auto cols = tile::argmin<0>(ints);
  for (int r = 0; r < 4; ++r) {
    int b = 0;
    for (int c = 1; c < 8; ++c)
      if (ints[r * 8 + c] < ints[r * 8 + b])
        b = c;
    EXPECT_EQ(rows[r], b);
  }
  for (int c = 0; c < 8; ++c) {
    int b = 0;
    for (int r = 1; r < 4; ++r)
      if (ints[r * 8 + c] < ints[b * 8 + c])
        b = r;
    EXPECT_EQ(cols[c], b);
  }
}

TEST(ShapeOps, DotMatchesANaiveLoop) {
  auto a = distinct<float, 4, 8>(0.4f);
  auto b = distinct<float, 8, 2>(0.6f);
  auto acc = distinct<float, 4, 2>(0.2f);
  auto c = tile::dot(a, b, acc);
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 2; ++n) {
      double expected = acc[m * 2 + n];
      for (int k = 0; k < 8; ++k)
        expected += double(a[m * 8 + k]) * double(b[k * 2 + n]);
      EXPECT_NEAR(c[m * 2 + n], expected, 1e-5);
    }
}

TEST(ShapeOps, DotAccumulatesInTheAccumulatorType) {
  auto a = distinct<tile::f16, 4, 8>(0.4f);
  auto b = distinct<tile::f16, 8, 2>(0.6f);
  auto acc = tile::full<float, 4, 2>(0.5f);
  auto c = tile::dot(a, b, acc);
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 2; ++n) {
      double expected = 0.5;
      for (int k = 0; k < 8; ++k)
        expected += double(static_cast<float>(a[m * 8 + k])) *
                    double(static_cast<float>(b[k * 2 + n]));
      EXPECT_NEAR(c[m * 2 + n], expected, 1e-5);
    }
  // An f16 accumulator rounds once at the end, not after every product:
  // 2048 + 15 ones is 2063, which rounds (ties to even) to 2064.
  Tile<tile::f16, 1, 16> row;
  Tile<tile::f16, 16, 1> ones;
  row[0] = tile::f16(2048.0f);
  for (int k = 0; k < 16; ++k) {
    if (k > 0)
      row[k] = tile::f16(1.0f);
    ones[k] = tile::f16(1.0f);
  }
  auto sum = tile::dot(row, ones, Tile<tile::f16, 1, 1>());
  EXPECT_EQ(float(sum[0]), 2064.0f);
}

TEST(ShapeOps, IntegerDotIsExact) {
  auto a = smallIntegers<4, 8>(2);
  auto b = smallIntegers<8, 2>(4);
  auto acc = smallIntegers<4, 2>(6);
  auto c = tile::dot(a, b, acc);
  auto wide = tile::dot(a, b, tile::cast<int64_t>(acc));
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 2; ++n) {
      int32_t expected = acc[m * 2 + n];
      for (int k = 0; k < 8; ++k)
        expected += a[m * 8 + k] * b[k * 2 + n];
      EXPECT_EQ(c[m * 2 + n], expected);
      EXPECT_EQ(wide[m * 2 + n], expected);
    }
}
