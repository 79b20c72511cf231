// Host mode's tile::histogram: counts per bin of integer tiles of every
// width and signedness, values outside the bins counting nowhere, masks.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <cstdint>

namespace {

TEST(HistogramTest, CountsEachBinAndNothingOutside) {
  const int32_t values[8] = {3, -1, 0, 3, 4, 1, 3, 0};
  tile::Tile<int32_t, 8> t;
  for (int i = 0; i < 8; ++i)
    t[i] = values[i];
  auto counts = tile::histogram<4>(t);
  const int32_t expected[4] = {2, 1, 0, 3};
  for (int b = 0; b < 4; ++b)
    EXPECT_EQ(counts[b], expected[b]) << b;
}

TEST(HistogramTest, CountsOnlyWhereTheMaskHolds) {
  auto t = tile::reshape<2, 4>(tile::iota<int64_t, 8>());
  auto firstRow = tile::reshape<2, 4>(tile::iota<int32_t, 8>() < 4);
  auto counts = tile::histogram<8>(t, firstRow);
  for (int b = 0; b < 8; ++b)
    EXPECT_EQ(counts[b], b < 4 ? 1 : 0) << b;
}

// A byte of 200 is bin 200 as uint8_t, and -56, outside every bin, as
// int8_t.
TEST(HistogramTest, ReadsBytesAsTheirType) {
  tile::Tile<uint8_t, 4> unsignedBytes;
  tile::Tile<int8_t, 4> signedBytes;
  for (int i = 0; i < 4; ++i) {
    unsignedBytes[i] = uint8_t(200 + i);
    signedBytes[i] = int8_t(200 + i);
  }
  auto fromUnsigned = tile::histogram<256>(unsignedBytes);
  auto fromSigned = tile::histogram<256>(signedBytes);
  for (int b = 0; b < 256; ++b) {
    EXPECT_EQ(fromUnsigned[b], b >= 200 && b < 204 ? 1 : 0) << b;
    EXPECT_EQ(fromSigned[b], 0) << b;
  }
}

} // namespace
