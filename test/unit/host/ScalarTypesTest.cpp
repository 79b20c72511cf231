// Rounding of the kernel language's 16-bit float types.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using tile::bf16;
using tile::f16;

TEST(ScalarTypes, F16KnownValues) {
  EXPECT_EQ(f16(1.0f).bits, 0x3C00);
  EXPECT_EQ(f16(-2.0f).bits, 0xC000);
  EXPECT_EQ(f16(65504.0f).bits, 0x7BFF);
  // 65520 is halfway to the next binade and rounds to infinity.
  EXPECT_EQ(f16(65520.0f).bits, 0x7C00);
  EXPECT_TRUE(std::isnan(static_cast<float>(f16(NAN))));
  EXPECT_FLOAT_EQ(static_cast<float>(f16::fromBits(0x3555)), 0.333251953125f);
}

TEST(ScalarTypes, F16RoundsTiesToEven) {
  // 1 + 2^-11 lies halfway between 1 and 1 + 2^-10: ties go to even (1).
  EXPECT_EQ(f16(1.0f + std::ldexp(1.0f, -11)).bits, 0x3C00);
  // 1 + 3 * 2^-11 lies halfway between 0x3C01 and 0x3C02: to 0x3C02.
  EXPECT_EQ(f16(1.0f + 3 * std::ldexp(1.0f, -11)).bits, 0x3C02);
}

TEST(ScalarTypes, Bf16KnownValues) {
  EXPECT_EQ(bf16(1.0f).bits, 0x3F80);
  EXPECT_EQ(bf16(-1.5f).bits, 0xBFC0);
  EXPECT_EQ(bf16(std::numeric_limits<float>::infinity()).bits, 0x7F80);
  EXPECT_TRUE(std::isnan(static_cast<float>(bf16(NAN))));
  EXPECT_FLOAT_EQ(static_cast<float>(bf16::fromBits(0x4049)), 3.140625f);
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
