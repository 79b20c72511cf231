// Element-wise operations of the kernel language in host mode.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using tile::Tile;

namespace {
template <int N> Tile<float, N> ramp(float start, float step) {
  Tile<float, N> t;
  for (int i = 0; i < N; ++i)
    t[i] = start + step * i;
  return t;
}
} // namespace

TEST(Elementwise, ArithmeticWithScalarsOnEitherSide) {
  auto x = ramp<8>(-2.0f, 0.5f);
  auto y = 3.0f * x + 1.0f;
  auto z = 1.0f - x / 2.0f;
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(y[i], 3.0f * x[i] + 1.0f);
    EXPECT_EQ(z[i], 1.0f - x[i] / 2.0f);
  }
}

TEST(Elementwise, IntegerDivisionTruncatesAndRemainderKeepsSign) {
  auto a = tile::full<int32_t, 4>(-7);
  auto q = a / 2;
  auto r = a % 2;
  EXPECT_EQ(q[0], -3);
  EXPECT_EQ(r[0], -1);
}

TEST(Elementwise, HalfArithmeticRoundsAfterEachOperation) {
  auto a = tile::full<tile::f16, 2>(tile::f16(1.0f));
  auto tiny = tile::full<tile::f16, 2>(tile::f16(std::ldexp(1.0f, -12)));
  // 1 + 2^-12 rounds back to 1 in f16, so adding it twice leaves 1.
  auto sum = (a + tiny) + tiny;
  EXPECT_EQ(sum[0].bits, 0x3C00);
}

// Within 4 ulp: the compiler may fold the reference with a correctly rounded
// library while host mode calls the C library at run time.
TEST(Elementwise, MathMatchesTheStandardLibrary) {
  auto x = ramp<16>(0.1f, 0.37f);
  auto e = tile::exp(x), l = tile::log(x), s = tile::sqrt(x),
       r = tile::rsqrt(x), t = tile::tanh(x), sn = tile::sin(x),
       c = tile::cos(x), e2 = tile::exp2(x);
  for (int i = 0; i < 16; ++i) {
    EXPECT_FLOAT_EQ(e[i], std::exp(x[i]));
    EXPECT_FLOAT_EQ(l[i], std::log(x[i]));
    EXPECT_EQ(s[i], std::sqrt(x[i]));
    EXPECT_EQ(r[i], 1.0f / std::sqrt(x[i]));
    EXPECT_FLOAT_EQ(t[i], std::tanh(x[i]));
    EXPECT_FLOAT_EQ(sn[i], std::sin(x[i]));
    EXPECT_FLOAT_EQ(c[i], std::cos(x[i]));
    EXPECT_FLOAT_EQ(e2[i], std::exp2(x[i]));
  }
}

TEST(Elementwise, MaxMinPropagateNaN) {
  Tile<float, 3> a, b;
  a[0] = 1.0f, b[0] = 2.0f;
  a[1] = NAN, b[1] = 2.0f;
  a[2] = -1.0f, b[2] = NAN;
  auto hi = tile::max(a, b), lo = tile::min(a, b);
  EXPECT_EQ(hi[0], 2.0f);
  EXPECT_EQ(lo[0], 1.0f);
  EXPECT_TRUE(std::isnan(hi[1]) && std::isnan(lo[1]));
  EXPECT_TRUE(std::isnan(hi[2]) && std::isnan(lo[2]));
}

TEST(Elementwise, FmaRoundsOnce) {
  // (1 + 2^-12)^2 - (1 + 2^-11) = 2^-24 exactly, lost if rounded twice.
  float a = 1.0f + std::ldexp(1.0f, -12);
  auto t = tile::fma(tile::full<float, 1>(a), tile::full<float, 1>(a),
                     tile::full<float, 1>(-(1.0f + std::ldexp(1.0f, -11))));
  EXPECT_EQ(t[0], std::ldexp(1.0f, -24));
}

TEST(Elementwise, ComparisonsAndSelect) {
  auto x = ramp<4>(-1.0f, 1.0f); // -1 0 1 2
  auto positive = x > 0.0f;
  auto y = tile::select(positive, x, tile::full<float, 4>(0.0f));
  EXPECT_FALSE(positive[0]);
  EXPECT_TRUE(positive[2]);
  EXPECT_EQ(y[0], 0.0f);
  EXPECT_EQ(y[3], 2.0f);
  Tile<float, 1> nan;
  nan[0] = NAN;
  EXPECT_FALSE((nan == nan)[0]);
  EXPECT_TRUE((nan != nan)[0]);
}

TEST(Elementwise, CastsSaturateAndRound) {
  Tile<float, 5> x;
  x[0] = 3.9f, x[1] = -3.9f, x[2] = 1e20f, x[3] = NAN, x[4] = -1e20f;
  auto i = tile::cast<int32_t>(x);
  EXPECT_EQ(i[0], 3);
  EXPECT_EQ(i[1], -3);
  EXPECT_EQ(i[2], std::numeric_limits<int32_t>::max());
  EXPECT_EQ(i[3], 0);
  EXPECT_EQ(i[4], std::numeric_limits<int32_t>::min());
  auto b = tile::cast<bool>(x);
  EXPECT_TRUE(b[0]);
  auto h = tile::cast<tile::bf16>(tile::full<float, 1>(1.0f + std::ldexp(1.0f, -8)));
  EXPECT_EQ(h[0].bits, 0x3F80);
  auto back = tile::cast<float>(tile::cast<tile::f16>(tile::full<float, 1>(0.1f)));
  EXPECT_EQ(back[0], static_cast<float>(tile::f16(0.1f)));
}
