// Host mode's sort and argsort: stable order, NaN after every number,
// either axis, integers and 16-bit floats.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

namespace {

TEST(SortTest, SortsStablyWithNaNLast) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float values[8] = {3, -1, nan, 2, -1, 0, nan, -0.0f};
  tile::Tile<float, 8> t;
  for (int i = 0; i < 8; ++i)
    t[i] = values[i];
  auto sorted = tile::sort<0>(t);
  auto order = tile::argsort<0>(t);
  // 0 and -0 compare equal: they keep their order (5, then 7).
  const int expected[8] = {1, 4, 5, 7, 3, 0, 2, 6};
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(order[i], expected[i]) << i;
    if (i < 6)
      EXPECT_EQ(sorted[i], values[expected[i]]) << i;
    else
      EXPECT_TRUE(std::isnan(sorted[i])) << i;
  }
  EXPECT_FALSE(std::signbit(sorted[2]));
  EXPECT_TRUE(std::signbit(sorted[3]));
}

TEST(SortTest, SortsEachLineAlongTheAxis) {
  // 2 x 4 of integers: columns sorted along axis 0, rows along axis 1.
  const int32_t values[8] = {5, 1, 7, 1, 2, 9, 7, 0};
  tile::Tile<int32_t, 2, 4> t;
  for (int i = 0; i < 8; ++i)
    t[i] = values[i];
  auto columns = tile::sort<0>(t);
  auto columnOrder = tile::argsort<0>(t);
  const int32_t byColumn[8] = {2, 1, 7, 0, 5, 9, 7, 1};
  const int32_t columnFrom[8] = {1, 0, 0, 1, 0, 1, 1, 0};
  auto rows = tile::sort<1>(t);
  auto rowOrder = tile::argsort<1>(t);
  const int32_t byRow[8] = {1, 1, 5, 7, 0, 2, 7, 9};
  const int32_t rowFrom[8] = {1, 3, 0, 2, 3, 0, 2, 1};
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(columns[i], byColumn[i]) << i;
    EXPECT_EQ(columnOrder[i], columnFrom[i]) << i;
    EXPECT_EQ(rows[i], byRow[i]) << i;
    EXPECT_EQ(rowOrder[i], rowFrom[i]) << i;
  }
}

TEST(SortTest, SortsHalvesByTheirValue) {
  tile::Tile<tile::bf16, 4> t;
  const float values[4] = {0.5f, -2.0f, 0.25f, -2.0f};
  for (int i = 0; i < 4; ++i)
    t[i] = tile::bf16(values[i]);
  auto sorted = tile::sort<0>(t);
  auto order = tile::argsort<0>(t);
  const int expected[4] = {1, 3, 2, 0};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(order[i], expected[i]) << i;
    EXPECT_EQ(float(sorted[i]), values[expected[i]]) << i;
  }
}

} // namespace
