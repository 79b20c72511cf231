// Host mode's scatter into a program's own piece: indices of each width,
// masks, elements outside the piece and past the tensor's edge dropped,
// duplicates settled by row-major order, and a 2-D piece.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

/// Element i of each program's piece of 8 gets 10 * i + program at index
/// 3 * i - 2 (1, 4 and 7 land inside), masked off at i == 5.
void spread(tile::Piece<int32_t, 8> out) {
  auto i = tile::iota<int32_t, 8>();
  out.scatter(i * 10 + int32_t(tile::program_id(0)), i * 3 - 2, i != 5);
}

TEST(ScatterTest, DropsWhatFallsOutsideThePieceOrPastTheTensor) {
  // Two pieces of 8 over 12 elements: the second is cut at the edge.
  std::vector<int32_t> out(12 + 4, -1);
  tile::host::launch(spread, tile::host::partition<8>(out.data(), {12}));
  std::vector<int32_t> expected = {-1, 10, -1, -1, 20, -1, -1, 30,
                                   -1, 11, -1, -1, -1, -1, -1, -1};
  EXPECT_EQ(out, expected);
}

/// Pairs of elements name one piece element each; the later of a pair
/// wins, as on the GPU.
void pairs(tile::Piece<int64_t, 4> out) {
  auto i = tile::iota<int64_t, 8>();
  out.scatter(i + int64_t(100), i / int64_t(2));
}

TEST(ScatterTest, TheLastElementInRowMajorOrderWins) {
  std::vector<int64_t> out(4, 0);
  tile::host::launch(pairs, tile::host::partition<4>(out.data(), {4}));
  EXPECT_EQ(out, (std::vector<int64_t>{101, 103, 105, 107}));
}

/// A 2-D piece of 2 x 4 written transposed from a 4 x 2 tile with int32_t
/// row indices and int64_t column indices.
void transposeInto(tile::Piece<float, 2, 4> out) {
  auto flat = tile::iota<int32_t, 8>();
  auto values = tile::reshape<4, 2>(tile::cast<float>(flat));
  auto rows = tile::reshape<4, 2>(flat % 2);
  auto columns = tile::reshape<4, 2>(tile::cast<int64_t>(flat / 2));
  out.scatter(values, rows, columns);
}

TEST(ScatterTest, TwoDimensionalIndices) {
  std::vector<float> out(8, -1.0f);
  tile::host::launch(transposeInto,
                     tile::host::partition<2, 4>(out.data(), {2, 4}));
  EXPECT_EQ(out, (std::vector<float>{0, 2, 4, 6, 1, 3, 5, 7}));
}

} // namespace
