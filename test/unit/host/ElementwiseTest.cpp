// Element-wise operators and math functions of the kernel language in host
// mode.
#include <tile/kernel.h>

#include "TileOf.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>

using tile::bf16;
using tile::f16;
using tile::Tile;

namespace {

template <int N> Tile<float, N> ramp(float start, float step) {
  Tile<float, N> t;
  for (int i = 0; i < N; ++i)
    t[i] = start + step * i;
  return t;
}

template <int N> Tile<float, N> randomTile(unsigned seed, float lo, float hi) {
  std::mt19937 engine(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  Tile<float, N> t;
  for (int i = 0; i < N; ++i)
    t[i] = dist(engine);
  return t;
}

// What the language accepts, checked without compiling the rejected code.
template <class A, class B>
concept CanAdd = requires(A a, B b) {
  a + b;
};
template <class A, class B>
concept CanMultiply = requires(A a, B b) {
  a *b;
};
template <class A, class B>
concept CanCompare = requires(A a, B b) {
  a < b;
};
template <class A, class B>
concept CanRemainder = requires(A a, B b) {
  a % b;
};
template <class A>
concept HasExp = requires(A a) {
  tile::exp(a);
};

using F4 = Tile<float, 4>;
static_assert(CanAdd<F4, F4> && CanAdd<F4, float> && CanAdd<float, F4>);
static_assert(!CanAdd<F4, double>, "scalars must have the element type");
static_assert(!CanAdd<F4, int>, "scalars must have the element type");
static_assert(!CanAdd<F4, Tile<float, 8>>, "shapes must match");
static_assert(!CanAdd<F4, Tile<int32_t, 4>>, "element types must match");
static_assert(CanMultiply<Tile<f16, 4>, f16>);
static_assert(!CanMultiply<Tile<f16, 4>, float>);
static_assert(CanAdd<Tile<int64_t, 4>, int64_t>);
static_assert(!CanAdd<Tile<int64_t, 4>, int32_t>);
static_assert(!CanAdd<Tile<bool, 4>, Tile<bool, 4>>, "no arithmetic on bool");
static_assert(CanCompare<F4, float> && CanCompare<float, F4>);
static_assert(!CanCompare<F4, double>);
static_assert(CanRemainder<Tile<int32_t, 4>, int32_t>);
static_assert(!CanRemainder<F4, F4>, "% is for integers");
static_assert(HasExp<Tile<bf16, 4>> && !HasExp<Tile<int32_t, 4>>);

} // namespace

TEST(Tiles, DefaultIsZeroAndShapeIsStatic) {
  Tile<float, 2, 4> t;
  static_assert(Tile<float, 2, 4>::size == 8);
  static_assert(Tile<float, 2, 4>::shape == std::array<int, 2>{2, 4});
  static_assert(Tile<bf16, 2, 4, 8>::size == 64);
  for (int i = 0; i < t.size; ++i)
    EXPECT_EQ(t[i], 0.0f);
  Tile<f16, 4> h;
  EXPECT_EQ(h[3].bits, 0);
}

TEST(Tiles, FullAndIota) {
  auto sevens = tile::full<int64_t, 2, 2>(7);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(sevens[i], 7);
  auto lanes = tile::iota<int32_t, 8>();
  for (int i = 0; i < 8; ++i)
    EXPECT_EQ(lanes[i], i);
  auto wide = tile::iota<int64_t, 4>();
  EXPECT_EQ(wide[3], int64_t{3});
}

TEST(Elementwise, ArithmeticWithScalarsOnEitherSide) {
  auto x = ramp<8>(-2.0f, 0.5f);
  auto y = ramp<8>(3.0f, -0.25f);
  auto sum = x + y, diff = x - y, prod = x * y, quot = x / y;
  auto a = 3.0f * x + 1.0f;
  auto b = 1.0f - x / 2.0f;
  auto n = -x;
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(sum[i], x[i] + y[i]);
    EXPECT_EQ(diff[i], x[i] - y[i]);
    EXPECT_EQ(prod[i], x[i] * y[i]);
    EXPECT_EQ(quot[i], x[i] / y[i]);
    EXPECT_EQ(a[i], 3.0f * x[i] + 1.0f);
    EXPECT_EQ(b[i], 1.0f - x[i] / 2.0f);
    EXPECT_EQ(n[i], -x[i]);
  }
}

TEST(Elementwise, IntegerDivisionTruncatesAndRemainderKeepsSign) {
  auto a = tileOf<int32_t, 4>({-7, 7, -7, 7});
  auto b = tileOf<int32_t, 4>({2, -2, -2, 2});
  auto q = a / b, r = a % b;
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(q[i], a[i] / b[i]);
    EXPECT_EQ(r[i], a[i] % b[i]);
  }
  EXPECT_EQ(q[0], -3);
  EXPECT_EQ(r[0], -1);
  EXPECT_EQ(r[1], 1);
  EXPECT_EQ((a % 3)[0], -1);
  EXPECT_EQ((10 % a)[1], 3);
  EXPECT_EQ((int64_t{100} / tile::full<int64_t, 1>(-7))[0], -14);
}

TEST(Elementwise, IntegerArithmeticWraps) {
  constexpr int32_t big = std::numeric_limits<int32_t>::max();
  constexpr int32_t small = std::numeric_limits<int32_t>::min();
  auto x = tile::full<int32_t, 1>(big);
  EXPECT_EQ((x + 1)[0], small);
  EXPECT_EQ((x * 2)[0], -2);
  auto m = tile::full<int32_t, 1>(small);
  EXPECT_EQ((m - 1)[0], big);
  EXPECT_EQ((-m)[0], small);
  EXPECT_EQ((m / -1)[0], small);
  EXPECT_EQ((m % -1)[0], 0);
}

TEST(Elementwise, IntegerDivisionByZeroThrowsInHostMode) {
  auto x = tile::full<int32_t, 2>(5);
  EXPECT_THROW(x / 0, std::domain_error);
  EXPECT_THROW(x % 0, std::domain_error);
}

TEST(Elementwise, HalfArithmeticRoundsAfterEachOperation) {
  auto one = tile::full<f16, 2>(f16(1.0f));
  auto tiny = tile::full<f16, 2>(f16(std::ldexp(1.0f, -11)));
  // 1 + 2^-11 ties back to 1 in f16, so adding it twice leaves 1, while
  // adding the two tiny values first gives 1 + 2^-10.
  EXPECT_EQ(((one + tiny) + tiny)[0].bits, 0x3C00);
  EXPECT_EQ((one + (tiny + tiny))[0].bits, 0x3C01);
  auto bone = tile::full<bf16, 1>(bf16(1.0f));
  auto btiny = tile::full<bf16, 1>(bf16(std::ldexp(1.0f, -8)));
  EXPECT_EQ(((bone + btiny) + btiny)[0].bits, 0x3F80);
  EXPECT_EQ((bone + (btiny + btiny))[0].bits, 0x3F81);
  // Each result is the float result rounded once.
  auto x = randomTile<64>(1, -10.0f, 10.0f), y = randomTile<64>(2, 0.5f, 4.0f);
  auto hx = tile::cast<f16>(x), hy = tile::cast<f16>(y);
  auto q = hx / hy, p = hx * hy, s = hx - f16(0.3f);
  for (int i = 0; i < 64; ++i) {
    float fx = float(hx[i]), fy = float(hy[i]);
    EXPECT_EQ(q[i].bits, f16(fx / fy).bits);
    EXPECT_EQ(p[i].bits, f16(fx * fy).bits);
    EXPECT_EQ(s[i].bits, f16(fx - float(f16(0.3f))).bits);
  }
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

TEST(Elementwise, RoundingFunctions) {
  auto x =
      tileOf<float, 8>({2.5f, -2.5f, 0.5f, -0.5f, 1.75f, -1.25f, -0.0f, NAN});
  auto fl = tile::floor(x), ce = tile::ceil(x), ro = tile::round(x),
       tr = tile::trunc(x);
  const float floors[] = {2, -3, 0, -1, 1, -2, -0.0f};
  const float ceils[] = {3, -2, 1, -0.0f, 2, -1, -0.0f};
  const float rounds[] = {3, -3, 1, -1, 2, -1, -0.0f}; // halves away from 0
  const float truncs[] = {2, -2, 0, -0.0f, 1, -1, -0.0f};
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(fl[i], floors[i]) << x[i];
    EXPECT_EQ(ce[i], ceils[i]) << x[i];
    EXPECT_EQ(ro[i], rounds[i]) << x[i];
    EXPECT_EQ(tr[i], truncs[i]) << x[i];
    // -0 stays -0: the sign bit too.
    EXPECT_EQ(std::signbit(tr[i]), std::signbit(truncs[i])) << x[i];
  }
  EXPECT_TRUE(std::isnan(fl[7]) && std::isnan(ro[7]) && std::isnan(tr[7]));
}

TEST(Elementwise, MoreMathMatchesTheStandardLibrary) {
  auto x = ramp<16>(-2.9f, 0.37f);
  auto y = ramp<16>(1.3f, -0.21f);
  auto l2 = tile::log2(tile::abs(x)), tn = tile::tan(x), sh = tile::sinh(x),
       ch = tile::cosh(x), er = tile::erf(x), pw = tile::pow(tile::abs(x), y),
       at = tile::atan2(x, y), fm = tile::fmod(x, y),
       scalarPow = tile::pow(x, 2.0f), scalarBase = tile::pow(2.0f, y);
  for (int i = 0; i < 16; ++i) {
    EXPECT_FLOAT_EQ(l2[i], std::log2(std::fabs(x[i])));
    EXPECT_FLOAT_EQ(tn[i], std::tan(x[i]));
    EXPECT_FLOAT_EQ(sh[i], std::sinh(x[i]));
    EXPECT_FLOAT_EQ(ch[i], std::cosh(x[i]));
    EXPECT_FLOAT_EQ(er[i], std::erf(x[i]));
    EXPECT_FLOAT_EQ(pw[i], std::pow(std::fabs(x[i]), y[i]));
    EXPECT_FLOAT_EQ(at[i], std::atan2(x[i], y[i])); // y first: the order
    EXPECT_EQ(fm[i], std::fmod(x[i], y[i]));        // exact, x's sign
    EXPECT_FLOAT_EQ(scalarPow[i], x[i] * x[i]);
    EXPECT_FLOAT_EQ(scalarBase[i], std::exp2(y[i]));
  }
  auto h = tile::full<bf16, 2>(bf16(-7.5f));
  EXPECT_EQ(tile::fmod(h, tile::full<bf16, 2>(bf16(2.0f)))[0].bits,
            bf16(-1.5f).bits);
}

TEST(Elementwise, HalfMathIsFloatMathRoundedOnce) {
  auto x = tile::cast<bf16>(randomTile<32>(3, -4.0f, 4.0f));
  auto e = tile::exp(x), t = tile::tanh(x), s = tile::sin(x);
  for (int i = 0; i < 32; ++i) {
    float v = float(x[i]);
    // One bf16 ulp (2^-7 relative) covers a last-bit difference in float.
    EXPECT_NEAR(float(e[i]), std::exp(v), std::exp(v) * 0x1p-7f);
    EXPECT_NEAR(float(t[i]), std::tanh(v), 0x1p-7f);
    EXPECT_NEAR(float(s[i]), std::sin(v), 0x1p-7f);
  }
  auto h = tile::full<f16, 1>(f16(4.0f));
  EXPECT_EQ(tile::sqrt(h)[0].bits, f16(2.0f).bits);
  EXPECT_EQ(tile::rsqrt(h)[0].bits, f16(0.5f).bits);
}

TEST(Elementwise, AbsClearsTheSign) {
  auto x = tileOf<float, 4>({-1.5f, 2.0f, -0.0f, -INFINITY});
  auto a = tile::abs(x);
  EXPECT_EQ(a[0], 1.5f);
  EXPECT_EQ(a[1], 2.0f);
  EXPECT_EQ(a[2], 0.0f);
  EXPECT_FALSE(std::signbit(a[2]));
  EXPECT_EQ(a[3], INFINITY);
  auto i = tile::abs(tileOf<int64_t, 2>({-5, 6}));
  EXPECT_EQ(i[0], 5);
  EXPECT_EQ(i[1], 6);
  EXPECT_EQ(tile::abs(tile::full<f16, 1>(f16(-3.0f)))[0].bits, 0x4200);
}

TEST(Elementwise, MaxMinPropagateNaNAndOrderZeros) {
  auto a = tileOf<float, 4>({1.0f, NAN, -1.0f, -0.0f});
  auto b = tileOf<float, 4>({2.0f, 2.0f, NAN, 0.0f});
  auto hi = tile::max(a, b), lo = tile::min(a, b);
  EXPECT_EQ(hi[0], 2.0f);
  EXPECT_EQ(lo[0], 1.0f);
  EXPECT_TRUE(std::isnan(hi[1]) && std::isnan(lo[1]));
  EXPECT_TRUE(std::isnan(hi[2]) && std::isnan(lo[2]));
  EXPECT_FALSE(std::signbit(hi[3]));
  EXPECT_TRUE(std::signbit(lo[3]));
  // The same with the operands swapped.
  auto hi2 = tile::max(b, a), lo2 = tile::min(b, a);
  EXPECT_FALSE(std::signbit(hi2[3]));
  EXPECT_TRUE(std::signbit(lo2[3]));
  EXPECT_TRUE(std::isnan(hi2[2]) && std::isnan(lo2[1]));
  auto ih = tile::max(tileOf<int32_t, 2>({-3, 4}), tileOf<int32_t, 2>({2, -9}));
  EXPECT_EQ(ih[0], 2);
  EXPECT_EQ(ih[1], 4);
  auto hh = tile::min(tile::full<f16, 1>(f16(0.5f)),
                      tile::full<f16, 1>(f16::fromBits(0x7E00)));
  EXPECT_TRUE(std::isnan(float(hh[0])));
}

TEST(Elementwise, FmaRoundsOnce) {
  // (1 + 2^-12)^2 - (1 + 2^-11) = 2^-24 exactly, lost if rounded twice.
  float a = 1.0f + std::ldexp(1.0f, -12);
  auto t = tile::fma(tile::full<float, 1>(a), tile::full<float, 1>(a),
                     tile::full<float, 1>(-(1.0f + std::ldexp(1.0f, -11))));
  EXPECT_EQ(t[0], std::ldexp(1.0f, -24));
  // f16: the float fma, rounded to f16.
  auto h =
      tile::fma(tile::full<f16, 1>(f16(1.5f)), tile::full<f16, 1>(f16(3.0f)),
                tile::full<f16, 1>(f16(0.25f)));
  EXPECT_EQ(h[0].bits, f16(4.75f).bits);
}

TEST(Elementwise, ComparisonsAndSelect) {
  auto x = ramp<4>(-1.0f, 1.0f); // -1 0 1 2
  auto positive = x > 0.0f;
  auto y = tile::select(positive, x, tile::full<float, 4>(0.0f));
  EXPECT_FALSE(positive[0]);
  EXPECT_FALSE(positive[1]);
  EXPECT_TRUE(positive[2]);
  EXPECT_EQ(y[0], 0.0f);
  EXPECT_EQ(y[3], 2.0f);
  auto atMostZero = 0.0f >= x; // scalar on the left
  EXPECT_TRUE(atMostZero[0] && atMostZero[1] && !atMostZero[2]);
  auto z = ramp<4>(2.0f, -1.0f); // 2 1 0 -1
  auto lt = x < z, le = x <= z, eq = x == z, ne = x != z, ge = x >= z;
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(lt[i], x[i] < z[i]);
    EXPECT_EQ(le[i], x[i] <= z[i]);
    EXPECT_EQ(eq[i], x[i] == z[i]);
    EXPECT_EQ(ne[i], x[i] != z[i]);
    EXPECT_EQ(ge[i], x[i] >= z[i]);
  }
  Tile<float, 1> nan;
  nan[0] = NAN;
  EXPECT_FALSE((nan == nan)[0]);
  EXPECT_TRUE((nan != nan)[0]);
  EXPECT_FALSE((nan < 1.0f)[0]);
  EXPECT_FALSE((nan >= 1.0f)[0]);
  // f16 compares by value: +0 == -0.
  auto pz = tile::full<f16, 1>(f16(0.0f)), nz = tile::full<f16, 1>(f16(-0.0f));
  EXPECT_TRUE((pz == nz)[0]);
  auto flags = tile::full<bool, 2>(true) == tile::full<bool, 2>(false);
  EXPECT_FALSE(flags[0]);
}

TEST(Elementwise, BitOperationsOfIntegers) {
  auto a = tileOf<int32_t, 4>({12, -1, 0x7f0f, INT32_MIN});
  auto b = tileOf<int32_t, 4>({10, 0x55, -256, -1});
  auto both = a & b, either = a | b, odd = a ^ b, flipped = ~a;
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(both[i], a[i] & b[i]);
    EXPECT_EQ(either[i], a[i] | b[i]);
    EXPECT_EQ(odd[i], a[i] ^ b[i]);
    EXPECT_EQ(flipped[i], ~a[i]);
  }
  // Scalars on either side, of the tile's element type.
  EXPECT_EQ((a & 0xff)[2], 0x0f);
  EXPECT_EQ((0xff00 | a)[0], 0xff0c);
  auto wide = tileOf<int64_t, 2>({int64_t(1) << 40, -7});
  EXPECT_EQ((wide ^ int64_t(-1))[0], ~(int64_t(1) << 40));
  EXPECT_EQ((~wide)[1], 6);
}

TEST(Elementwise, ShiftsMeanSomethingForEveryCount) {
  auto x = tileOf<int32_t, 8>({1, 1, 1, 1, -64, -64, -64, -64});
  auto counts = tileOf<int32_t, 8>({0, 31, 32, -1, 3, 31, 40, -1});
  auto left = x << counts, right = x >> counts;
  // Counts in [0, 32) as C++; past the width << gives 0 and >> the sign.
  EXPECT_EQ(left[0], 1);
  EXPECT_EQ(left[1], INT32_MIN);
  EXPECT_EQ(left[2], 0);
  EXPECT_EQ(left[3], 0); // -1 read unsigned is past the width
  EXPECT_EQ(right[4], -8);
  EXPECT_EQ(right[5], -1);
  EXPECT_EQ(right[6], -1);
  EXPECT_EQ(right[7], -1);
  EXPECT_EQ((x >> 40)[0], 0);
  auto wide = tileOf<int64_t, 2>({3, -3});
  EXPECT_EQ((wide << int64_t(62))[0], static_cast<int64_t>(uint64_t(3) << 62));
  EXPECT_EQ((wide << int64_t(64))[0], 0);
  EXPECT_EQ((wide >> int64_t(1))[1], -2); // shifts in the sign
}

TEST(Elementwise, MaskLogic) {
  auto x = ramp<8>(-3.0f, 1.0f); // -3 -2 -1 0 1 2 3 4
  auto inside = (x > -2.0f) && (x < 3.0f);
  auto outside = (x <= -2.0f) || (x >= 3.0f);
  auto none = !inside;
  auto odd = inside ^ (x > 0.0f);
  auto masked = (inside & (x != 0.0f)) | (x == 4.0f);
  for (int i = 0; i < 8; ++i) {
    bool in = x[i] > -2.0f && x[i] < 3.0f;
    EXPECT_EQ(inside[i], in);
    EXPECT_EQ(outside[i], !in);
    EXPECT_EQ(none[i], !in);
    EXPECT_EQ(odd[i], in != (x[i] > 0.0f));
    EXPECT_EQ(masked[i], (in && x[i] != 0.0f) || x[i] == 4.0f);
  }
  EXPECT_FALSE((inside & false)[2]);
  EXPECT_TRUE((true | inside)[0]);
}
