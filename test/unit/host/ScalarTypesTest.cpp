// Rounding of the kernel language's 16-bit float types, against known bit
// patterns and against a reference that picks the nearest value directly.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <type_traits>

using tile::bf16;
using tile::f16;

namespace {

/// The value of binary16 `bits` from its definition.
double halfValue(uint16_t bits) {
  int exponent = (bits >> 10) & 0x1f;
  int mantissa = bits & 0x3ff;
  double magnitude = exponent == 0
                         ? std::ldexp(double(mantissa), -24)
                         : std::ldexp(double(1024 + mantissa), exponent - 25);
  return (bits & 0x8000) ? -magnitude : magnitude;
}

/// The value of bfloat16 `bits`: the upper half of a binary32.
double bfloatValue(uint16_t bits) {
  return std::bit_cast<float>(uint32_t(bits) << 16);
}

/// The encoding nearest to `x` (ties to the even encoding) among the finite
/// non-negative encodings 0 .. maxFinite of a format whose values `value`
/// increases with the encoding; past maxFinite the next value would be
/// `overflow`, which rounds to infinity (the encoding after maxFinite).
template <class Value>
uint16_t nearestEncoding(double x, uint16_t maxFinite, double overflow,
                         Value value) {
  double magnitude = std::fabs(x);
  uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  // The largest encoding whose value is at most |x|.
  uint32_t low = 0, high = maxFinite;
  while (low < high) {
    uint32_t mid = (low + high + 1) / 2;
    if (value(uint16_t(mid)) <= magnitude)
      low = mid;
    else
      high = mid - 1;
  }
  double below = value(uint16_t(low));
  double above = low == maxFinite ? overflow : value(uint16_t(low + 1));
  double toBelow = magnitude - below, toAbove = above - magnitude;
  uint32_t chosen = low;
  if (toAbove < toBelow || (toAbove == toBelow && (low & 1)))
    chosen = low + 1; // maxFinite + 1 is infinity
  return uint16_t(sign | chosen);
}

uint16_t referenceHalf(float x) {
  return nearestEncoding(x, 0x7bff, 65536.0, halfValue);
}

uint16_t referenceBfloat(float x) {
  return nearestEncoding(x, 0x7f7f, std::ldexp(1.0, 128), bfloatValue);
}

/// Calls `check(x)` for about four million floats: every 1021st bit
/// pattern, plus random ones, plus values close to f16's rounding edges.
template <class Check> void forManyFloats(Check check) {
  for (uint64_t word = 0; word <= 0xffffffffu; word += 1021)
    check(std::bit_cast<float>(uint32_t(word)));
  std::mt19937 engine(42);
  for (int i = 0; i < 200000; ++i)
    check(std::bit_cast<float>(uint32_t(engine())));
  for (uint32_t bits = 0; bits < 0x7c00; ++bits) {
    // The midpoint between neighbours, and values just either side of it.
    float mid =
        float((halfValue(uint16_t(bits)) + halfValue(uint16_t(bits + 1))) / 2);
    check(mid);
    check(std::nextafter(mid, 0.0f));
    check(std::nextafter(mid, INFINITY));
    check(-mid);
  }
}

} // namespace

TEST(ScalarTypes, LayoutAndConstexpr) {
  static_assert(sizeof(f16) == 2 && sizeof(bf16) == 2);
  static_assert(std::is_trivially_copyable_v<f16>);
  static_assert(std::is_trivially_copyable_v<bf16>);
  static_assert(f16(1.0f).bits == 0x3C00);
  static_assert(bf16(1.0f).bits == 0x3F80);
  static_assert(float(f16::fromBits(0x4000)) == 2.0f);
  EXPECT_EQ(f16().bits, 0);
  EXPECT_EQ(bf16().bits, 0);
}

TEST(ScalarTypes, F16KnownValues) {
  EXPECT_EQ(f16(1.0f).bits, 0x3C00);
  EXPECT_EQ(f16(-2.0f).bits, 0xC000);
  EXPECT_EQ(f16(0.5f).bits, 0x3800);
  EXPECT_EQ(f16(-0.0f).bits, 0x8000);
  EXPECT_EQ(f16(65504.0f).bits, 0x7BFF);
  EXPECT_EQ(f16(6.103515625e-05f).bits, 0x0400);      // smallest normal
  EXPECT_EQ(f16(std::ldexp(1.0f, -24)).bits, 0x0001); // smallest subnormal
  EXPECT_EQ(f16(std::numeric_limits<float>::infinity()).bits, 0x7C00);
  EXPECT_EQ(f16(-std::numeric_limits<float>::infinity()).bits, 0xFC00);
  EXPECT_FLOAT_EQ(static_cast<float>(f16::fromBits(0x3555)), 0.333251953125f);
  EXPECT_EQ(static_cast<float>(f16::fromBits(0x0001)), std::ldexp(1.0f, -24));
  EXPECT_EQ(static_cast<float>(f16::fromBits(0x7C00)), INFINITY);
}

TEST(ScalarTypes, F16OverflowsToInfinity) {
  // 65520 is halfway between 65504 (the largest f16) and 65536, which is
  // out of range: the tie goes to the even side, infinity.
  EXPECT_EQ(f16(65520.0f).bits, 0x7C00);
  EXPECT_EQ(f16(-65520.0f).bits, 0xFC00);
  EXPECT_EQ(f16(std::nextafter(65520.0f, 0.0f)).bits, 0x7BFF);
  EXPECT_EQ(f16(1e10f).bits, 0x7C00);
}

TEST(ScalarTypes, F16RoundsTiesToEven) {
  // 1 + 2^-11 lies halfway between 1 and 1 + 2^-10: ties go to even (1).
  EXPECT_EQ(f16(1.0f + std::ldexp(1.0f, -11)).bits, 0x3C00);
  // 1 + 3 * 2^-11 lies halfway between 0x3C01 and 0x3C02: to 0x3C02.
  EXPECT_EQ(f16(1.0f + 3 * std::ldexp(1.0f, -11)).bits, 0x3C02);
  // Just above the halfway point rounds up.
  EXPECT_EQ(f16(std::nextafter(1.0f + std::ldexp(1.0f, -11), 2.0f)).bits,
            0x3C01);
  // Subnormals: 2^-25 is halfway between 0 and 2^-24 (to 0); 3 * 2^-25 is
  // halfway between 2^-24 and 2^-23 (to 2^-23).
  EXPECT_EQ(f16(std::ldexp(1.0f, -25)).bits, 0x0000);
  EXPECT_EQ(f16(3 * std::ldexp(1.0f, -25)).bits, 0x0002);
  EXPECT_EQ(f16(std::ldexp(1.0f, -26)).bits, 0x0000);
}

TEST(ScalarTypes, F16KeepsNaN) {
  EXPECT_TRUE(std::isnan(static_cast<float>(f16(NAN))));
  EXPECT_TRUE(std::isnan(static_cast<float>(f16(-NAN))));
  // A signalling NaN whose payload lies below f16's mantissa stays NaN.
  float smallPayload = std::bit_cast<float>(0x7f800001u);
  EXPECT_EQ(f16(smallPayload).bits & 0x7C00, 0x7C00);
  EXPECT_NE(f16(smallPayload).bits & 0x03FF, 0);
  EXPECT_TRUE(std::isnan(static_cast<float>(f16::fromBits(0x7C01))));
  EXPECT_TRUE(std::isnan(static_cast<float>(f16::fromBits(0xFE00))));
}

TEST(ScalarTypes, F16ToFloatIsExactForEveryEncoding) {
  for (uint32_t bits = 0; bits <= 0xffff; ++bits) {
    f16 h = f16::fromBits(uint16_t(bits));
    float value = static_cast<float>(h);
    bool isNaN = (bits & 0x7c00) == 0x7c00 && (bits & 0x3ff) != 0;
    if (isNaN) {
      ASSERT_TRUE(std::isnan(value)) << std::hex << bits;
      continue;
    }
    if ((bits & 0x7fff) == 0x7c00)
      ASSERT_EQ(value, (bits & 0x8000) ? -INFINITY : INFINITY);
    else
      ASSERT_EQ(double(value), halfValue(uint16_t(bits))) << std::hex << bits;
    ASSERT_EQ(f16(value).bits, bits) << "round trip of " << std::hex << bits;
  }
}

TEST(ScalarTypes, F16RoundsLikeTheNearestValueReference) {
  forManyFloats([](float x) {
    if (std::isnan(x))
      return;
    ASSERT_EQ(f16(x).bits, referenceHalf(x)) << std::hexfloat << x;
  });
}

#if defined(__FLT16_MANT_DIG__)
TEST(ScalarTypes, F16MatchesTheCompilersFloat16) {
  forManyFloats([](float x) {
    auto expected = std::bit_cast<uint16_t>(static_cast<_Float16>(x));
    if (std::isnan(x))
      ASSERT_TRUE(std::isnan(static_cast<float>(f16(x))));
    else
      ASSERT_EQ(f16(x).bits, expected) << std::hexfloat << x;
  });
}
#endif

TEST(ScalarTypes, Bf16KnownValues) {
  EXPECT_EQ(bf16(1.0f).bits, 0x3F80);
  EXPECT_EQ(bf16(-1.5f).bits, 0xBFC0);
  EXPECT_EQ(bf16(-0.0f).bits, 0x8000);
  EXPECT_EQ(bf16(std::numeric_limits<float>::infinity()).bits, 0x7F80);
  EXPECT_EQ(bf16(-std::numeric_limits<float>::infinity()).bits, 0xFF80);
  EXPECT_FLOAT_EQ(static_cast<float>(bf16::fromBits(0x4049)), 3.140625f);
  // The largest float rounds up past the largest bf16 (0x7F7F) to infinity.
  EXPECT_EQ(bf16(std::numeric_limits<float>::max()).bits, 0x7F80);
  // Float subnormals keep their top bits.
  EXPECT_EQ(bf16(std::bit_cast<float>(0x00010000u)).bits, 0x0001);
}

TEST(ScalarTypes, Bf16RoundsTiesToEven) {
  // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: ties to even (1).
  EXPECT_EQ(bf16(1.0f + std::ldexp(1.0f, -8)).bits, 0x3F80);
  // 1 + 3 * 2^-8 is halfway between 0x3F81 and 0x3F82: to 0x3F82.
  EXPECT_EQ(bf16(1.0f + 3 * std::ldexp(1.0f, -8)).bits, 0x3F82);
  // Just above the halfway point rounds up.
  EXPECT_EQ(bf16(1.0f + std::ldexp(1.0f, -8) + std::ldexp(1.0f, -20)).bits,
            0x3F81);
}

TEST(ScalarTypes, Bf16KeepsNaN) {
  EXPECT_TRUE(std::isnan(static_cast<float>(bf16(NAN))));
  // A NaN whose payload lies only in the low half must not become infinity.
  float lowPayload = std::bit_cast<float>(0x7f800001u);
  EXPECT_TRUE(std::isnan(static_cast<float>(bf16(lowPayload))));
  EXPECT_EQ(bf16(std::bit_cast<float>(0xffc00000u)).bits, 0xFFC0);
}

TEST(ScalarTypes, Bf16RoundsLikeTheNearestValueReference) {
  forManyFloats([](float x) {
    if (std::isnan(x))
      return;
    ASSERT_EQ(bf16(x).bits, referenceBfloat(x)) << std::hexfloat << x;
  });
}
