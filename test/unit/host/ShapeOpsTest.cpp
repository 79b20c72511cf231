// Broadcast, reshape, permute, reductions and dot in host mode.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <cmath>

using tile::Tile;

namespace {
template <class T, int M, int N> Tile<T, M, N> matrix(float scale) {
  Tile<T, M, N> t;
  for (int i = 0; i < M * N; ++i)
    t[i] = static_cast<T>(std::sin(scale * (i + 1)));
  return t;
}
} // namespace

TEST(ShapeOps, BroadcastRepeatsUnitDimensions) {
  Tile<float, 3, 1> column;
  column[0] = 1, column[1] = 2, column[2] = 3;
  auto wide = tile::broadcast<3, 4>(column);
  EXPECT_EQ(wide[0 * 4 + 3], 1.0f);
  EXPECT_EQ(wide[2 * 4 + 1], 3.0f);
}

TEST(ShapeOps, ReshapeKeepsRowMajorOrder) {
  auto m = matrix<float, 2, 3>(0.3f);
  auto flat = tile::reshape<6>(m);
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(flat[i], m[i]);
}

TEST(ShapeOps, PermuteTransposes) {
  auto m = matrix<float, 2, 3>(0.7f);
  auto t = tile::permute<1, 0>(m);
  static_assert(decltype(t)::shape[0] == 3 && decltype(t)::shape[1] == 2);
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 3; ++c)
      EXPECT_EQ(t[c * 2 + r], m[r * 3 + c]);
}

TEST(ShapeOps, ReductionsKeepTheAxis) {
  auto m = matrix<float, 3, 5>(0.9f);
  auto rowSums = tile::reduce_sum<1>(m);
  auto colMax = tile::reduce_max<0>(m);
  auto rowMin = tile::reduce_min<1>(m);
  static_assert(decltype(rowSums)::shape[1] == 1);
  static_assert(decltype(colMax)::shape[0] == 1);
  for (int r = 0; r < 3; ++r) {
    float sum = 0, low = INFINITY;
    for (int c = 0; c < 5; ++c) {
      sum += m[r * 5 + c];
      low = std::fmin(low, m[r * 5 + c]);
    }
    EXPECT_FLOAT_EQ(rowSums[r], sum);
    EXPECT_EQ(rowMin[r], low);
  }
  for (int c = 0; c < 5; ++c) {
    float high = -INFINITY;
    for (int r = 0; r < 3; ++r)
      high = std::fmax(high, m[r * 5 + c]);
    EXPECT_EQ(colMax[c], high);
  }
}

TEST(ShapeOps, ArgmaxTakesTheFirstOfTies) {
  Tile<float, 6> x;
  float values[] = {1, 5, 2, 5, -1, 0};
  for (int i = 0; i < 6; ++i)
    x[i] = values[i];
  EXPECT_EQ(tile::argmax<0>(x)[0], 1);
}

TEST(ShapeOps, DotAccumulatesInTheAccumulatorType) {
  auto a = matrix<tile::f16, 4, 8>(0.4f);
  auto b = matrix<tile::f16, 8, 3>(0.6f);
  auto acc = tile::full<float, 4, 3>(0.5f);
  auto c = tile::dot(a, b, acc);
  for (int m = 0; m < 4; ++m)
    for (int n = 0; n < 3; ++n) {
      double expected = 0.5;
      for (int k = 0; k < 8; ++k)
        expected += double(static_cast<float>(a[m * 8 + k])) *
                    double(static_cast<float>(b[k * 3 + n]));
      EXPECT_NEAR(c[m * 3 + n], expected, 1e-5);
    }
}
