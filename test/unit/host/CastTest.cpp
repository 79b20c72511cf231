// tile::cast: rounding, truncation and saturation between element types.
#include <tile/kernel.h>

#include "TileOf.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

using tile::bf16;
using tile::f16;
using tile::Tile;

TEST(Cast, FloatToIntegerTruncatesAndSaturates) {
  constexpr int32_t lo = std::numeric_limits<int32_t>::min();
  constexpr int32_t hi = std::numeric_limits<int32_t>::max();
  // Nine values in a tile of 16; the last seven are 0.
  auto x = tileOf<float, 16>({3.9f, -3.9f, 1e20f, NAN, -1e20f, INFINITY,
                              2147483520.0f, 2147483648.0f, -2147483648.0f});
  auto i = tile::cast<int32_t>(x);
  EXPECT_EQ(i[0], 3);
  EXPECT_EQ(i[1], -3);
  EXPECT_EQ(i[2], hi);
  EXPECT_EQ(i[3], 0);
  EXPECT_EQ(i[4], lo);
  EXPECT_EQ(i[5], hi);
  EXPECT_EQ(i[6], 2147483520); // the largest float below 2^31
  EXPECT_EQ(i[7], hi);         // 2^31 itself saturates
  EXPECT_EQ(i[8], lo);
  auto l = tile::cast<int64_t>(x);
  EXPECT_EQ(l[2], std::numeric_limits<int64_t>::max());
  EXPECT_EQ(l[3], 0);
  EXPECT_EQ(l[4], std::numeric_limits<int64_t>::min());
  EXPECT_EQ(l[7], int64_t{2147483648});
}

TEST(Cast, HalfToIntegerSaturates) {
  auto h = tileOf<f16, 4>({f16(65504.0f), f16(-2.5f), f16::fromBits(0x7C00),
                           f16::fromBits(0x7E00)});
  auto i = tile::cast<int32_t>(h);
  EXPECT_EQ(i[0], 65504);
  EXPECT_EQ(i[1], -2);
  EXPECT_EQ(i[2], std::numeric_limits<int32_t>::max());
  EXPECT_EQ(i[3], 0);
  auto b = tile::cast<int32_t>(tile::full<bf16, 1>(bf16(3e38f)));
  EXPECT_EQ(b[0], std::numeric_limits<int32_t>::max());
}

TEST(Cast, ToAndFromBool) {
  auto x = tileOf<float, 4>({0.0f, -0.0f, 0.5f, NAN});
  auto b = tile::cast<bool>(x);
  EXPECT_FALSE(b[0]);
  EXPECT_FALSE(b[1]);
  EXPECT_TRUE(b[2]);
  EXPECT_TRUE(b[3]);
  auto flags = tileOf<bool, 2>({true, false});
  EXPECT_EQ(tile::cast<float>(flags)[0], 1.0f);
  EXPECT_EQ(tile::cast<float>(flags)[1], 0.0f);
  EXPECT_EQ(tile::cast<int64_t>(flags)[0], 1);
  EXPECT_EQ(tile::cast<f16>(flags)[0].bits, 0x3C00);
  EXPECT_EQ(tile::cast<bf16>(flags)[1].bits, 0x0000);
  EXPECT_TRUE(tile::cast<bool>(tileOf<int32_t, 2>({0, -4}))[1]);
  EXPECT_FALSE(tile::cast<bool>(tileOf<int32_t, 2>({0, -4}))[0]);
}

TEST(Cast, FloatToHalfRoundsToNearestEven) {
  auto x = tileOf<float, 4>({1.0f + std::ldexp(1.0f, -11), 65520.0f, NAN,
                             1.0f + std::ldexp(1.0f, -8)});
  auto h = tile::cast<f16>(x);
  EXPECT_EQ(h[0].bits, 0x3C00);
  EXPECT_EQ(h[1].bits, 0x7C00);
  EXPECT_TRUE(std::isnan(float(h[2])));
  auto b = tile::cast<bf16>(x);
  EXPECT_EQ(b[3].bits, 0x3F80);
  EXPECT_EQ(b[0].bits, 0x3F80);
  auto back = tile::cast<float>(h);
  EXPECT_EQ(back[0], 1.0f);
  EXPECT_EQ(back[1], INFINITY);
}

TEST(Cast, BetweenHalfTypes) {
  // f16 1 + 2^-10 is not a bf16: it rounds (ties to even) to 1.
  auto h = tile::full<f16, 1>(f16::fromBits(0x3C01));
  EXPECT_EQ(tile::cast<bf16>(h)[0].bits, 0x3F80);
  // bf16 1 + 2^-7 is exact in f16; bf16 1e5 overflows f16.
  auto b = tileOf<bf16, 2>({bf16::fromBits(0x3F81), bf16(1e5f)});
  auto hb = tile::cast<f16>(b);
  EXPECT_EQ(float(hb[0]), 1.0f + std::ldexp(1.0f, -7));
  EXPECT_EQ(hb[1].bits, 0x7C00);
}

TEST(Cast, IntegerToFloatRoundsOnce) {
  auto i = tileOf<int32_t, 4>({16777217, -3, 2049, 2051});
  auto f = tile::cast<float>(i);
  EXPECT_EQ(f[0], 16777216.0f);
  EXPECT_EQ(f[1], -3.0f);
  auto h = tile::cast<f16>(i);
  EXPECT_EQ(float(h[2]), 2048.0f); // halfway between 2048 and 2050: even
  EXPECT_EQ(float(h[3]), 2052.0f); // halfway between 2050 and 2052: even
  EXPECT_EQ(h[0].bits, 0x7C00);
  // 2^24 + 2^16 + 1 lies just above the midpoint of the bf16 neighbours
  // 2^24 and 2^24 + 2^17; rounding through float first would land exactly
  // on the midpoint and then go down to 2^24.
  auto b = tile::cast<bf16>(tile::full<int32_t, 1>((1 << 24) + (1 << 16) + 1));
  EXPECT_EQ(float(b[0]), float((1 << 24) + (1 << 17)));
  auto big =
      tile::full<int64_t, 1>((int64_t{1} << 40) + (int64_t{1} << 32) + 1);
  EXPECT_EQ(float(tile::cast<bf16>(big)[0]),
            std::ldexp(1.0f, 40) + std::ldexp(1.0f, 33));
  EXPECT_EQ(tile::cast<bf16>(tile::full<int64_t, 1>(-5))[0].bits,
            bf16(-5.0f).bits);
}

TEST(Cast, IntegerToIntegerKeepsTheLowBits) {
  // Three values in a tile of 4; the last is 0.
  auto l = tileOf<int64_t, 4>({(int64_t{1} << 32) + 5, -1, int64_t{1} << 31});
  auto i = tile::cast<int32_t>(l);
  EXPECT_EQ(i[0], 5);
  EXPECT_EQ(i[1], -1);
  EXPECT_EQ(i[2], std::numeric_limits<int32_t>::min());
  EXPECT_EQ(tile::cast<int64_t>(tile::full<int32_t, 1>(-7))[0], -7);
}

TEST(Cast, BitcastKeepsTheBits) {
  Tile<float, 4> x;
  x[0] = 1.0f, x[1] = -2.5f, x[2] = -0.0f, x[3] = NAN;
  auto bits = tile::bitcast<int32_t>(x);
  EXPECT_EQ(bits[0], 0x3f800000);
  EXPECT_EQ(bits[1], int32_t(0xc0200000));
  EXPECT_EQ(bits[2], INT32_MIN);
  EXPECT_EQ(bits[3] & 0x7fc00000, 0x7fc00000);
  auto back = tile::bitcast<float>(bits);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(std::bit_cast<uint32_t>(back[i]), std::bit_cast<uint32_t>(x[i]));
  EXPECT_TRUE(std::isnan(back[3]));
  auto magnitude = tile::bitcast<float>(bits & 0x7fffffff);
  EXPECT_EQ(magnitude[1], 2.5f);
  EXPECT_FALSE(std::signbit(magnitude[2]));
  // f16 and bf16 trade their 16 bits.
  auto h = tile::full<tile::f16, 2>(tile::f16(1.0f)); // 0x3C00
  EXPECT_EQ(tile::bitcast<tile::bf16>(h)[0].bits, 0x3C00);
}

TEST(Cast, NarrowIntegers) {
  Tile<float, 4> x;
  x[0] = 127.9f, x[1] = -1000.0f, x[2] = -3.7f, x[3] = NAN;
  auto bytes = tile::cast<int8_t>(x);
  EXPECT_EQ(bytes[0], 127);
  EXPECT_EQ(bytes[1], -128);
  EXPECT_EQ(bytes[2], -3);
  EXPECT_EQ(bytes[3], 0);
  EXPECT_EQ(tile::cast<int16_t>(tile::full<float, 1>(1e6f))[0], 32767);
  // To a narrower integer: the low bits; to a wider one: the value.
  auto words = tileOf<int32_t, 4>({0x1ff, -129, 70000});
  EXPECT_EQ(tile::cast<int8_t>(words)[0], -1);
  EXPECT_EQ(tile::cast<int8_t>(words)[1], 127);
  EXPECT_EQ(tile::cast<int16_t>(words)[2], 70000 - 65536);
  EXPECT_EQ(tile::cast<int32_t>(bytes)[1], -128);
  EXPECT_EQ(float(tile::cast<tile::bf16>(bytes)[1]), -128.0f);
  // Arithmetic, shifts and bitcasts at 8 and 16 bits.
  auto sum = tile::full<int8_t, 2>(int8_t(100)) + int8_t(100);
  EXPECT_EQ(sum[0], -56);
  EXPECT_EQ((tile::full<int8_t, 1>(int8_t(-128)) >> int8_t(9))[0], -1);
  EXPECT_EQ((tile::full<int16_t, 1>(int16_t(1)) << int16_t(16))[0], 0);
  EXPECT_EQ(tile::bitcast<tile::f16>(tile::full<int16_t, 1>(0x3C00))[0].bits,
            0x3C00);
}
