// Unsigned tiles in host mode: arithmetic wraps modulo 2^w, division,
// remainder, shifts, comparisons, min, max, reductions and sorts are
// unsigned, and casts to and from floats saturate at [0, 2^w - 1].
#include <tile/kernel.h>

#include "TileOf.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <limits>

using tile::Tile;

TEST(Unsigned, ArithmeticWrapsModuloTheWidth) {
  auto a = tileOf<uint8_t, 4>({250, 1, 0, 128});
  auto b = tileOf<uint8_t, 4>({10, 2, 1, 2});
  auto sum = a + b, difference = a - b, product = a * b;
  EXPECT_EQ(sum[0], 4);
  EXPECT_EQ(difference[2], 255);
  EXPECT_EQ(product[3], 0);
  auto h = tileOf<uint16_t, 2>({65535, 40000});
  auto squared = h * h; // would overflow int if computed there
  EXPECT_EQ(squared[0], 1);
  EXPECT_EQ(squared[1], uint16_t(40000u * 40000u));
  auto w = tileOf<uint32_t, 2>({0xffffffffu, 3});
  EXPECT_EQ((w + uint32_t(1))[0], 0u);
  EXPECT_EQ((-w)[1], 0xfffffffdu);
}

TEST(Unsigned, DivisionShiftsAndComparisonsAreUnsigned) {
  auto x = tileOf<uint32_t, 4>({0xfffffffeu, 7, 0x80000000u, 9});
  auto y = tileOf<uint32_t, 4>({0xffffffffu, 2, 2, 4});
  auto q = x / y, r = x % y;
  EXPECT_EQ(q[0], 0u); // not 2 (-2 / -1), which a signed division gives
  EXPECT_EQ(r[0], 0xfffffffeu);
  EXPECT_EQ(q[2], 0x40000000u);
  auto shifted = x >> tile::full<uint32_t, 4>(31);
  EXPECT_EQ(shifted[2], 1u); // zeros shifted in, not the sign
  auto gone = x >> tile::full<uint32_t, 4>(32);
  EXPECT_EQ(gone[0], 0u);
  auto less = x < y;
  EXPECT_TRUE(less[0]);
  EXPECT_FALSE(less[2]); // 2^31 is large, not negative
  EXPECT_EQ(tile::max(x, y)[2], 0x80000000u);
  EXPECT_EQ(tile::min(x, y)[0], 0xfffffffeu);
  EXPECT_EQ(tile::reduce_max<0>(x)[0], 0xfffffffeu);
  EXPECT_EQ(tile::reduce_min<0>(x)[0], 7u);
  EXPECT_EQ(tile::abs(x)[2], 0x80000000u);
}

TEST(Unsigned, CastsSaturateAtTheUnsignedRange) {
  auto f = tileOf<float, 4>({-3.5f, 300.7f, 1e20f, 42.9f});
  auto bytes = tile::cast<uint8_t>(f);
  EXPECT_EQ(bytes[0], 0);
  EXPECT_EQ(bytes[1], 255);
  EXPECT_EQ(bytes[3], 42);
  auto words = tile::cast<uint32_t>(f);
  EXPECT_EQ(words[2], 0xffffffffu);
  EXPECT_EQ(words[1], 300u);
  auto big = tileOf<uint32_t, 2>({0xffffffffu, 5});
  auto asFloat = tile::cast<double>(big);
  EXPECT_EQ(asFloat[0], 4294967295.0); // not -1
  auto wide = tile::cast<int64_t>(big);
  EXPECT_EQ(wide[0], 4294967295); // zero-extended
  auto asInt = tile::bitcast<int32_t>(big);
  EXPECT_EQ(asInt[0], -1);
  auto narrow = tile::cast<uint8_t>(big);
  EXPECT_EQ(narrow[0], 255);
}

TEST(Unsigned, AtomicUpdatesOfUnsignedOutputs) {
  std::array<uint32_t, 2> data = {5, 0x80000000u};
  tile::Atomic<uint32_t> out(data.data(), {2});
  auto at = tileOf<int32_t, 2>({0, 1});
  out.max(tileOf<uint32_t, 2>({3, 0x7fffffffu}), at);
  EXPECT_EQ(data[0], 5u);
  EXPECT_EQ(data[1], 0x80000000u); // unsigned order
  out.add(tileOf<uint32_t, 2>({0xffffffffu, 0}), at);
  EXPECT_EQ(data[0], 4u);
}
