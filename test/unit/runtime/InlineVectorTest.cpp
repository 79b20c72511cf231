//===- InlineVectorTest.cpp - The vector that stays inline when small -----===//

#include "tile/runtime/InlineVector.h"

#include <gtest/gtest.h>

#include <cstdint>

using tile::rt::InlineVector;

namespace {

template <size_t N> InlineVector<int64_t, N> counting(int64_t count) {
  InlineVector<int64_t, N> values;
  for (int64_t i = 0; i < count; ++i)
    values.push_back(i * 10);
  return values;
}

/// Whether the elements of `values` lie inside the object itself.
template <size_t N> bool storedInline(const InlineVector<int64_t, N> &values) {
  auto *self = reinterpret_cast<const char *>(&values);
  auto *first = reinterpret_cast<const char *>(values.data());
  return first >= self && first < self + sizeof(values);
}

} // namespace

TEST(InlineVector, KeepsItsFirstElementsInsideItself) {
  InlineVector<int64_t, 4> values = counting<4>(4);
  ASSERT_EQ(values.size(), 4u);
  EXPECT_TRUE(storedInline(values));
  EXPECT_EQ(values[3], 30);
}

TEST(InlineVector, MovesToTheHeapPastItsCapacityKeepingTheElements) {
  InlineVector<int64_t, 4> values = counting<4>(9);
  ASSERT_EQ(values.size(), 9u);
  EXPECT_FALSE(storedInline(values));
  for (size_t i = 0; i < values.size(); ++i)
    EXPECT_EQ(values[i], int64_t(i) * 10);
}

TEST(InlineVector, ReservingPastTheCapacityKeepsWhatIsThere) {
  InlineVector<int64_t, 2> values = counting<2>(2);
  values.reserve(100);
  values.push_back(20);
  ASSERT_EQ(values.size(), 3u);
  EXPECT_EQ(values[0], 0);
  EXPECT_EQ(values[1], 10);
  EXPECT_EQ(values[2], 20);
}

TEST(InlineVector, ComparesByElementsWhereverTheyAre) {
  InlineVector<int64_t, 2> inlineOnly = counting<2>(2);
  InlineVector<int64_t, 2> onHeap;
  onHeap.reserve(8);
  onHeap.push_back(0);
  onHeap.push_back(10);
  EXPECT_EQ(inlineOnly, onHeap);
  onHeap.push_back(20);
  EXPECT_FALSE(inlineOnly == onHeap);
  std::span<const int64_t> view = onHeap;
  EXPECT_EQ(view.size(), 3u);
  EXPECT_EQ(view[2], 20);
}

TEST(InlineVector, CopiesAreIndependent) {
  InlineVector<int64_t, 2> original = counting<2>(5);
  InlineVector<int64_t, 2> copy = original;
  copy[0] = 7;
  EXPECT_EQ(original[0], 0);
  EXPECT_EQ(copy.size(), 5u);
}

TEST(InlineVector, ResizesForTheCallerToWriteInlineOrOnTheHeap) {
  InlineVector<int64_t, 4> values = counting<4>(2);
  values.resize(3);
  values[2] = 7;
  EXPECT_TRUE(storedInline(values));
  EXPECT_EQ(values[1], 10);
  EXPECT_EQ(values[2], 7);
  values.resize(6);
  values[5] = 8;
  ASSERT_EQ(values.size(), 6u);
  EXPECT_FALSE(storedInline(values));
  EXPECT_EQ(values[1], 10);
  EXPECT_EQ(values[2], 7);
  EXPECT_EQ(values[5], 8);
}
