// The 8-bit float storage types: every encoding's value against the
// formats' definitions, rounding against a reference that picks the nearest
// value directly, saturation, NaN, and casts between them and the other
// element types.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>

using tile::f8e4m3;
using tile::f8e5m2;

namespace {

/// An 8-bit float format by its definition: exponent bits, bias, mantissa
/// bits, its largest finite encoding, and whether it has infinities.
struct Format {
  int exponentBits, bias, mantissaBits;
  uint8_t largestFinite;
  bool infinities;
};
constexpr Format kE4M3 = {4, 7, 3, 0x7e, false};
constexpr Format kE5M2 = {5, 15, 2, 0x7b, true};

/// The value of the non-negative encoding `bits` (at most largestFinite).
double valueOf(uint8_t bits, const Format &f) {
  int exponent = bits >> f.mantissaBits;
  int mantissa = bits & ((1 << f.mantissaBits) - 1);
  if (exponent == 0)
    return std::ldexp(double(mantissa), 1 - f.bias - f.mantissaBits);
  return std::ldexp(double((1 << f.mantissaBits) + mantissa),
                    exponent - f.bias - f.mantissaBits);
}

/// The encoding nearest to `x`, ties to the even encoding, saturating at
/// the largest finite value; NaN to 0x7f.
uint8_t nearest(double x, const Format &f) {
  if (std::isnan(x))
    return 0x7f;
  uint8_t sign = std::signbit(x) ? 0x80 : 0;
  double magnitude = std::fabs(x);
  uint8_t best = 0;
  for (int bits = 1; bits <= f.largestFinite; ++bits) {
    double distance = std::fabs(valueOf(uint8_t(bits), f) - magnitude);
    double bestDistance = std::fabs(valueOf(best, f) - magnitude);
    if (distance < bestDistance ||
        (distance == bestDistance && (bits & 1) == 0))
      best = uint8_t(bits);
  }
  return sign | best;
}

template <class F> void expectEveryEncodingRoundTrips(const Format &f) {
  for (int bits = 0; bits < 256; ++bits) {
    float value = float(F::fromBits(uint8_t(bits)));
    int magnitude = bits & 0x7f;
    bool negative = bits & 0x80;
    if (magnitude <= f.largestFinite) {
      double expected = valueOf(uint8_t(magnitude), f);
      EXPECT_EQ(value, negative ? -expected : expected) << bits;
      EXPECT_EQ(F(value).bits, bits) << bits; // -0 keeps its sign too
    } else if (f.infinities && magnitude == f.largestFinite + 1) {
      EXPECT_EQ(value, negative ? -INFINITY : INFINITY) << bits;
    } else {
      EXPECT_TRUE(std::isnan(value)) << bits;
    }
  }
}

template <class F> void expectNearestRounding(const Format &f) {
  // Every midpoint between neighbours and the floats either side of it,
  // then random floats across the range.
  for (int bits = 0; bits < f.largestFinite; ++bits) {
    float mid =
        float((valueOf(uint8_t(bits), f) + valueOf(uint8_t(bits + 1), f)) / 2);
    for (float x :
         {mid, std::nextafter(mid, 0.0f), std::nextafter(mid, INFINITY), -mid})
      EXPECT_EQ(F(x).bits, nearest(x, f)) << std::hexfloat << x;
  }
  std::mt19937 engine(7);
  std::uniform_real_distribution<float> exponent(-20.0f, 18.0f);
  for (int i = 0; i < 20000; ++i) {
    float x = std::exp2(exponent(engine)) * (i % 2 ? -1.0f : 1.0f);
    ASSERT_EQ(F(x).bits, nearest(x, f)) << std::hexfloat << x;
  }
}

} // namespace

TEST(Float8, E4M3EveryEncoding) {
  expectEveryEncodingRoundTrips<f8e4m3>(kE4M3);
}
TEST(Float8, E5M2EveryEncoding) {
  expectEveryEncodingRoundTrips<f8e5m2>(kE5M2);
}
TEST(Float8, E4M3RoundsToNearestEven) { expectNearestRounding<f8e4m3>(kE4M3); }
TEST(Float8, E5M2RoundsToNearestEven) { expectNearestRounding<f8e5m2>(kE5M2); }

TEST(Float8, SaturatesAndKeepsNaN) {
  EXPECT_EQ(float(f8e4m3(448.0f)), 448.0f);
  EXPECT_EQ(float(f8e4m3(1e6f)), 448.0f);
  EXPECT_EQ(float(f8e4m3(-INFINITY)), -448.0f);
  EXPECT_EQ(float(f8e5m2(57344.0f)), 57344.0f);
  EXPECT_EQ(float(f8e5m2(INFINITY)), 57344.0f);
  EXPECT_EQ(float(f8e5m2(-1e9f)), -57344.0f);
  EXPECT_EQ(f8e4m3(NAN).bits, 0x7f);
  EXPECT_EQ(f8e5m2(-NAN).bits, 0x7f);
  // The smallest subnormals, and half of them rounding to (signed) zero.
  EXPECT_EQ(float(f8e4m3::fromBits(0x01)), 0x1p-9f);
  EXPECT_EQ(float(f8e5m2::fromBits(0x01)), 0x1p-16f);
  EXPECT_EQ(f8e4m3(0x1p-10f).bits, 0x00);
  EXPECT_EQ(f8e4m3(-0x1p-10f).bits, 0x80);
}

TEST(Float8, CastsGoThroughFloat) {
  tile::Tile<float, 4> x;
  x[0] = 1.0625f, x[1] = -300.0f, x[2] = 1000.0f, x[3] = NAN;
  auto e4m3 = tile::cast<f8e4m3>(x);
  EXPECT_EQ(float(e4m3[0]), 1.0f); // the tie 1.0625 goes to the even 1.0
  EXPECT_EQ(float(e4m3[1]), -288.0f);
  EXPECT_EQ(float(e4m3[2]), 448.0f);
  EXPECT_EQ(e4m3[3].bits, 0x7f);
  auto back = tile::cast<float>(e4m3);
  EXPECT_EQ(back[2], 448.0f);
  EXPECT_TRUE(std::isnan(back[3]));
  // To and from the other element types, exactly where they hold the value.
  EXPECT_EQ(float(tile::cast<tile::bf16>(e4m3)[1]), -288.0f);
  EXPECT_EQ(tile::cast<int32_t>(e4m3)[1], -288);
  EXPECT_EQ(tile::cast<int8_t>(e4m3)[1], -128);           // saturated
  EXPECT_EQ(float(tile::cast<f8e5m2>(e4m3)[1]), -256.0f); // 288 ties to 256
  EXPECT_EQ(float(tile::cast<f8e4m3>(tile::full<int32_t, 1>(17))[0]), 16.0f);
  EXPECT_TRUE(tile::cast<bool>(e4m3)[0]);
  EXPECT_EQ(float(tile::cast<f8e5m2>(tile::full<bool, 1>(true))[0]), 1.0f);
  auto bits = tile::bitcast<int8_t>(e4m3);
  EXPECT_EQ(bits[0], 0x38);
  EXPECT_EQ(tile::bitcast<f8e4m3>(bits)[1].bits, e4m3[1].bits);
}

TEST(Float8, SelectAndShapeOperationsMoveTheBits) {
  auto a = tile::full<f8e4m3, 2, 2>(f8e4m3(3.0f));
  auto b = tile::full<f8e4m3, 2, 2>(f8e4m3(-0.5f));
  auto mask = tile::iota<int32_t, 4>() < 2;
  auto chosen = tile::select(tile::reshape<2, 2>(mask), a, b);
  EXPECT_EQ(float(chosen[1]), 3.0f);
  EXPECT_EQ(float(chosen[2]), -0.5f);
  auto moved = tile::permute<1, 0>(chosen);
  EXPECT_EQ(float(moved[1]), -0.5f);
}
