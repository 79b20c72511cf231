// Host mode's atomic outputs and input pieces: each update kind, masks,
// indices outside the tensor, strides, and the grid an input piece gives.
#include <tile/kernel.h>

#include "TileOf.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace {

/// Scatters the eight values of each program's piece of `values` into
/// `out` at the indices of its piece of `at`, with every kind of update.
void everyKind(tile::Piece<const int64_t, 8> values,
               tile::Piece<const int64_t, 8> at, tile::Atomic<int64_t> sums,
               tile::Atomic<int64_t> minima, tile::Atomic<int64_t> maxima,
               tile::Atomic<int64_t> ands, tile::Atomic<int64_t> ors,
               tile::Atomic<int64_t> xors) {
  auto v = values.load(), i = at.load();
  sums.add(v, i);
  minima.min(v, i);
  maxima.max(v, i);
  ands.bit_and(v, i);
  ors.bit_or(v, i);
  xors.bit_xor(v, i);
}

} // namespace

TEST(Atomic, EveryKindAgainstALoop) {
  const int64_t n = 37, bins = 5;
  std::vector<int64_t> values(n), at(n);
  for (int64_t k = 0; k < n; ++k) {
    values[k] = (k * 7919) % 97 - 40;
    // Some indices fall outside [0, bins): their updates are dropped.
    at[k] = (k * 13) % 7 - 1;
  }
  std::vector<int64_t> sums(bins, 0), minima(bins, 1000), maxima(bins, -1000),
      ands(bins, -1), ors(bins, 0), xors(bins, 0);
  auto output = [&](std::vector<int64_t> &v) {
    return tile::Atomic<int64_t>(v.data(), {bins});
  };
  // A pointer to const partitions into input pieces.
  tile::host::launch(
      everyKind, tile::host::partition<8>(std::as_const(values).data(), {n}),
      tile::host::partition<8>(std::as_const(at).data(), {n}), output(sums),
      output(minima), output(maxima), output(ands), output(ors), output(xors));
  std::vector<int64_t> expectSums(bins, 0), expectMin(bins, 1000),
      expectMax(bins, -1000), expectAnd(bins, -1), expectOr(bins, 0),
      expectXor(bins, 0);
  for (int64_t k = 0; k < n; ++k) {
    if (at[k] < 0 || at[k] >= bins)
      continue;
    int64_t b = at[k], v = values[k];
    expectSums[b] += v;
    expectMin[b] = std::min(expectMin[b], v);
    expectMax[b] = std::max(expectMax[b], v);
    expectAnd[b] &= v;
    expectOr[b] |= v;
    expectXor[b] ^= v;
  }
  EXPECT_EQ(sums, expectSums);
  EXPECT_EQ(minima, expectMin);
  EXPECT_EQ(maxima, expectMax);
  EXPECT_EQ(ands, expectAnd);
  EXPECT_EQ(ors, expectOr);
  EXPECT_EQ(xors, expectXor);
}

// The mask drops elements; a strided 2-D output takes both indices.
TEST(Atomic, MaskAndStridedRankTwo) {
  std::vector<float> grid(3 * 8, -1.0f); // 3 x 4 inside rows of 8
  tile::Atomic<float, 2> out(grid.data(), {3, 4}, {8, 1});
  std::vector<float> unused(4);
  auto kernel = [](tile::Piece<float, 4> piece, tile::Atomic<float, 2> out) {
    auto rows = tileOf<int32_t, 4>({0, 1, 2, 3});
    auto columns = tileOf<int64_t, 4>({3, 3, -1, 0});
    auto keep = tileOf<bool, 4>({true, false, true, true});
    out.add(tile::full<float, 4>(0.5f), rows, columns, keep);
    (void)piece;
  };
  tile::host::launch(kernel, tile::host::partition<4>(unused.data(), {4}), out);
  // Only (0, 3) is added to: (1, 3) is masked, column -1 lies outside, and
  // so does row 3 of the 3 rows; the padding of each row stays.
  for (int k = 0; k < 3 * 8; ++k)
    EXPECT_EQ(grid[k], k == 0 * 8 + 3 ? -0.5f : -1.0f) << "element " << k;
}

// Integer sums wrap; f16 sums round once per update; float maxima are NaN
// when either side is.
TEST(Atomic, WrapRoundingAndNaN) {
  std::vector<int32_t> wrap = {std::numeric_limits<int32_t>::max()};
  std::vector<tile::f16> half = {tile::f16(2048.0f)};
  std::vector<float> best = {1.0f, std::nanf("")};
  std::vector<float> unused(1);
  auto kernel = [](tile::Piece<float, 1> piece, tile::Atomic<int32_t> wrap,
                   tile::Atomic<tile::f16> half, tile::Atomic<float> best) {
    auto zero = tile::full<int32_t, 2>(0);
    wrap.add(tile::full<int32_t, 2>(1), zero);
    // 2048 + 1 rounds back to 2048 in f16, twice.
    half.add(tile::full<tile::f16, 2>(tile::f16(1.0f)), zero);
    best.max(tileOf<float, 2>({std::nanf(""), 5.0f}),
             tileOf<int32_t, 2>({0, 1}));
    (void)piece;
  };
  tile::host::launch(kernel, tile::host::partition<1>(unused.data(), {1}),
                     tile::Atomic<int32_t>(wrap.data(), {1}),
                     tile::Atomic<tile::f16>(half.data(), {1}),
                     tile::Atomic<float>(best.data(), {2}));
  EXPECT_EQ(wrap[0], std::numeric_limits<int32_t>::min() + 1);
  EXPECT_EQ(float(half[0]), 2048.0f);
  EXPECT_TRUE(std::isnan(best[0]));
  EXPECT_TRUE(std::isnan(best[1]));
}

// An input piece gives the grid and reads its own part of the tensor,
// zeros past its edge.
TEST(InputPiece, GivesTheGridAndReadsItsPart) {
  std::vector<int32_t> x = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  std::vector<int64_t> seen;
  int programs = 0;
  auto kernel = [&](tile::Piece<const int32_t, 4> part) {
    static_assert(decltype(part)::input);
    ++programs;
    EXPECT_EQ(tile::num_programs(0), 3);
    EXPECT_EQ(part.size(0), 10);
    auto values = part.load();
    for (int i = 0; i < values.size; ++i)
      seen.push_back(values[i]);
  };
  tile::host::launch(kernel,
                     tile::host::partition<4>(std::as_const(x).data(), {10}));
  EXPECT_EQ(programs, 3);
  EXPECT_EQ(seen, (std::vector<int64_t>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0}));
}
