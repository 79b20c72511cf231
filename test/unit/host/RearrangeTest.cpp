// cat, slice, pad, shift and roll in host mode, against hand-computed
// tiles.
#include <tile/kernel.h>

#include "TileOf.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <limits>

using tile::Tile;

namespace {

/// Whether `t` holds `expected`, row-major.
template <class T, int... S>
void expectElements(const Tile<T, S...> &t,
                    const std::array<T, (S * ...)> &expected) {
  for (int i = 0; i < t.size; ++i)
    EXPECT_EQ(t[i], expected[i]) << "element " << i;
}

} // namespace

TEST(Rearrange, CatJoinsAlongAnAxis) {
  auto a = tileOf<int32_t, 2, 2>({1, 2, 3, 4});
  auto b = tileOf<int32_t, 2, 2>({5, 6, 7, 8});
  auto rows = tile::cat<0>(a, b);
  static_assert(decltype(rows)::shape == std::array<int, 2>{4, 2});
  expectElements(rows, {1, 2, 3, 4, 5, 6, 7, 8});
  auto columns = tile::cat<1>(a, b);
  static_assert(decltype(columns)::shape == std::array<int, 2>{2, 4});
  expectElements(columns, {1, 2, 5, 6, 3, 4, 7, 8});

  // The middle axis of three.
  auto c = tileOf<float, 2, 1, 2>({1, 2, 3, 4});
  auto d = tileOf<float, 2, 1, 2>({-1, -2, -3, -4});
  auto middle = tile::cat<1>(c, d);
  static_assert(decltype(middle)::shape == std::array<int, 3>{2, 2, 2});
  expectElements(middle, {1, 2, -1, -2, 3, 4, -3, -4});

  auto flags = tile::cat<0>(tileOf<bool, 2>({true, false}),
                            tileOf<bool, 2>({false, true}));
  expectElements(flags, {true, false, false, true});
}

TEST(Rearrange, SliceReadsZeroOutside) {
  // 4x4: element (r, c) is 10 r + c + 1.
  Tile<int32_t, 4, 4> m;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
      m[r * 4 + c] = 10 * r + c + 1;
  expectElements(tile::slice<2, 2>(m, 1, 2), {13, 14, 23, 24});
  expectElements(tile::slice<2, 4>(m, -1, 1), {0, 0, 0, 0, 2, 3, 4, 0});
  expectElements(tile::slice<1, 2>(m, 3, 3), {34, 0});
  // Offsets of any integer type, far outside too.
  expectElements(tile::slice<2, 2>(m, int64_t(1) << 40, int8_t(0)),
                 {0, 0, 0, 0});
  expectElements(tile::slice<2, 2>(m, std::numeric_limits<int64_t>::min(),
                                   std::numeric_limits<int64_t>::max()),
                 {0, 0, 0, 0});
  // A larger shape than the input's.
  auto v = tileOf<float, 2>({1.5f, 2.5f});
  expectElements(tile::slice<4>(v, -1), {0.0f, 1.5f, 2.5f, 0.0f});
}

TEST(Rearrange, PadFillsPastTheInput) {
  auto m = tileOf<int32_t, 2, 2>({1, 2, 3, 4});
  expectElements(tile::pad<2, 4>(m, -1), {1, 2, -1, -1, 3, 4, -1, -1});
  expectElements(tile::pad<4, 2>(m, int32_t(9)), {1, 2, 3, 4, 9, 9, 9, 9});
  expectElements(tile::pad<2, 2>(m, 0), {1, 2, 3, 4});
  auto h =
      tile::pad<4>(tileOf<tile::f16, 2>({tile::f16(1.0f), tile::f16(2.0f)}),
                   tile::f16(-0.5f));
  EXPECT_EQ(float(h[1]), 2.0f);
  EXPECT_EQ(float(h[2]), -0.5f);
  EXPECT_EQ(float(h[3]), -0.5f);
}

TEST(Rearrange, ShiftMovesAndFills) {
  auto v = tileOf<int32_t, 4>({1, 2, 3, 4});
  expectElements(tile::shift<0>(v, 1, 0), {0, 1, 2, 3});
  expectElements(tile::shift<0>(v, -1, 0), {2, 3, 4, 0});
  expectElements(tile::shift<0>(v, 0, 7), {1, 2, 3, 4});
  expectElements(tile::shift<0>(v, 3, 7), {7, 7, 7, 1});
  expectElements(tile::shift<0>(v, int64_t(4), 7), {7, 7, 7, 7});
  expectElements(tile::shift<0>(v, std::numeric_limits<int64_t>::min(), 7),
                 {7, 7, 7, 7});
  // Along rows and along columns of 2x4.
  auto m = tileOf<float, 2, 4>({1, 2, 3, 4, 5, 6, 7, 8});
  expectElements(tile::shift<1>(m, 2, -1.0f), {-1, -1, 1, 2, -1, -1, 5, 6});
  expectElements(tile::shift<0>(m, -1, 0.0f), {5, 6, 7, 8, 0, 0, 0, 0});
}

TEST(Rearrange, RollIsCircular) {
  auto v = tileOf<int32_t, 4>({1, 2, 3, 4});
  expectElements(tile::roll<0>(v, 1), {4, 1, 2, 3});
  expectElements(tile::roll<0>(v, -1), {2, 3, 4, 1});
  expectElements(tile::roll<0>(v, 6), {3, 4, 1, 2});
  expectElements(tile::roll<0>(v, int64_t(-7)), {4, 1, 2, 3});
  expectElements(tile::roll<0>(v, std::numeric_limits<int64_t>::min()),
                 {1, 2, 3, 4});
  auto m = tileOf<int32_t, 2, 4>({1, 2, 3, 4, 5, 6, 7, 8});
  expectElements(tile::roll<1>(m, 1), {4, 1, 2, 3, 8, 5, 6, 7});
  expectElements(tile::roll<0>(m, 1), {5, 6, 7, 8, 1, 2, 3, 4});
}
