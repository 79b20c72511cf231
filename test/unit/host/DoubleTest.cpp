// double tiles in host mode: arithmetic, math and reductions in double,
// casts to and from double, atomic updates, and the f64 example kernel.
#include <tile/kernel.h>

#include "row_sums_f64.h"

#include "TileOf.h"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

using tile::Tile;

// 0.1 * 3 and 1 + 2^-40 differ from their float results: the arithmetic
// and the math functions compute in double, not in float.
TEST(Double, ArithmeticAndMathComputeInDouble) {
  auto x = tileOf<double, 4>({0.1, 1.0, 2.0, 0.5});
  auto y = x * 3.0 + 0x1p-40;
  EXPECT_EQ(y[0], 0.1 * 3.0 + 0x1p-40);
  EXPECT_EQ(y[1], 3.0 + 0x1p-40);
  auto e = tile::exp(x);
  auto r = tile::rsqrt(x);
  auto p = tile::pow(x, 0.5);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(e[i], std::exp(x[i]));
    EXPECT_EQ(r[i], 1.0 / std::sqrt(x[i]));
    EXPECT_EQ(p[i], std::pow(x[i], 0.5));
  }
  EXPECT_EQ(tile::fma(x, x, x)[0], std::fma(0.1, 0.1, 0.1));
  auto big = tile::select(x > 0.75, x, tile::full<double, 4>(-1.0));
  EXPECT_EQ(big[0], -1.0);
  EXPECT_EQ(big[2], 2.0);
}

// A sum of 2^25 ones in float stops at 2^24; a double reduction and a
// double scan of values below float's precision keep every term.
TEST(Double, ReductionsAndScansKeepDoublePrecision) {
  Tile<double, 8> t = tile::full<double, 8>(1.0 + 0x1p-30);
  auto sum = tile::reduce_sum<0>(t);
  EXPECT_EQ(sum[0], 8.0 + 0x1p-27);
  auto scan = tile::cumsum<0>(t);
  EXPECT_EQ(scan[7], 8.0 + 0x1p-27);
  auto combined =
      tile::reduce<0>(t, [](double a, double b) { return a > b ? a : b; });
  EXPECT_EQ(combined[0], 1.0 + 0x1p-30);
  EXPECT_EQ(tile::item(tile::reduce_max<0>(t)), 1.0 + 0x1p-30);
}

// double to f16 and bf16 rounds once: 1 + 2^-11 + 2^-40 is above the tie
// between 1 and 1 + 2^-10 in f16, but through float it would land on the tie
// and round to even, 1.
TEST(Double, CastsRoundOnceAndTruncate) {
  auto x = tileOf<double, 8>({1.0 + 0x1p-11 + 0x1p-40, 1.0 + 0x1p-8 + 0x1p-40,
                              -2.75, NAN, 1e300, -1e300, 65520.0, 0.1});
  auto h = tile::cast<tile::f16>(x);
  EXPECT_EQ(float(h[0]), 1.0f + 0x1p-10f);
  EXPECT_EQ(float(h[6]), INFINITY);
  auto b = tile::cast<tile::bf16>(x);
  EXPECT_EQ(float(b[1]), 1.0f + 0x1p-7f);
  EXPECT_EQ(float(b[4]), INFINITY);
  auto f = tile::cast<float>(x);
  EXPECT_EQ(f[7], 0.1f);
  auto i = tile::cast<int32_t>(x);
  EXPECT_EQ(i[2], -2);
  EXPECT_EQ(i[3], 0);
  EXPECT_EQ(i[4], std::numeric_limits<int32_t>::max());
  EXPECT_EQ(i[5], std::numeric_limits<int32_t>::min());
  auto l = tile::cast<int64_t>(tileOf<double, 2>({0x1p63, -0x1p63}));
  EXPECT_EQ(l[0], std::numeric_limits<int64_t>::max());
  EXPECT_EQ(l[1], std::numeric_limits<int64_t>::min());
  auto wide =
      tile::cast<double>(tileOf<int64_t, 2>({(int64_t(1) << 53) + 1, -3}));
  EXPECT_EQ(wide[0], 0x1p53);
  EXPECT_EQ(wide[1], -3.0);
  auto bits = tile::bitcast<int64_t>(x);
  EXPECT_EQ(bits[2], std::bit_cast<int64_t>(-2.75));
}

TEST(Double, AtomicUpdates) {
  std::vector<double> out = {0.0, 5.0, 5.0};
  tile::Atomic<double> atomic(out.data(), {3});
  auto values = tileOf<double, 4>({0.1, 0.2, 7.0, -1.0});
  auto slots = tileOf<int32_t, 4>({0, 0, 1, 2});
  atomic.add(values, tile::full<int32_t, 4>(0));
  EXPECT_EQ(out[0], ((0.1 + 0.2) + 7.0) + -1.0);
  atomic.max(values, slots);
  atomic.min(values, slots);
  EXPECT_EQ(out[1], 7.0);
  EXPECT_EQ(out[2], -1.0);
}

// The example against a sum in long double: exact for these rows, which a
// float accumulator would get wrong past 2^24.
TEST(Double, RowSumsF64AccumulatesInDouble) {
  for (auto [rows, cols] : {std::pair<int64_t, int64_t>{1, 1},
                            {3, 1000},
                            {2, 4097},
                            {1, (int64_t(1) << 25) / 64}}) {
    std::vector<float> x(rows * cols);
    for (int64_t k = 0; k < rows * cols; ++k)
      x[k] = k % 3 == 0 ? 16777216.0f : float(k % 7) + 0.125f;
    std::vector<double> sums(rows, -99.0);
    tile::host::launch(row_sums_f64<1024>,
                       tile::host::partition<1>(sums.data(), {rows}),
                       tile::View<float, 2>(x.data(), {rows, cols}), 0.5);
    for (int64_t r = 0; r < rows; ++r) {
      long double expected = 0;
      for (int64_t c = 0; c < cols; ++c)
        expected += x[r * cols + c];
      EXPECT_EQ(sums[r], double(expected * 0.5L)) << rows << "x" << cols;
    }
  }
}
