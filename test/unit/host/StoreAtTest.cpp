// Sub-tile stores in host mode: placement inside the piece, the tensor's
// ragged edge, bounds checks, and unsafe scopes running as plain blocks.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace {

/// Stores row r of its 4x8 piece as a 1x8 tile of value 100 * program + r.
void rowsKernel(tile::Piece<float, 4, 8> out) {
  for (int r = 0; r < 4; ++r)
    out.store_at(tile::full<float, 1, 8>(
                     static_cast<float>(100 * tile::program_id(0) + r)),
                 r, 0);
}

/// Stores one 2x2 block at the block index it is given, unchecked.
void blockKernel(tile::Piece<int32_t, 4, 4> out, int row, int col) {
  TILE_UNSAFE("the test passes indices inside the piece") {
    out.store_at(tile::full<int32_t, 2, 2>(tile::unsafe::num_threads()), row,
                 col);
  }
}

} // namespace

TEST(StoreAt, RowsLandInTheirPieceAndDropPastTheEdge) {
  // 10 rows in pieces of 4: the last piece holds rows 8 and 9 only.
  constexpr int64_t rows = 10, cols = 8;
  std::vector<float> out(rows * cols + 8, -1.0f);
  tile::host::launch(rowsKernel,
                     tile::host::partition<4, 8>(out.data(), {rows, cols}));
  for (int64_t row = 0; row < rows; ++row)
    for (int64_t col = 0; col < cols; ++col)
      EXPECT_EQ(out[row * cols + col], 100.0f * (row / 4) + row % 4)
          << "row " << row << " col " << col;
  for (int64_t i = rows * cols; i < rows * cols + 8; ++i)
    EXPECT_EQ(out[i], -1.0f) << "past the tensor at " << i;
}

TEST(StoreAt, BlockIndexSelectsTheSubTile) {
  std::vector<int32_t> out(16, 0);
  tile::host::launch(blockKernel,
                     tile::host::partition<4, 4>(out.data(), {4, 4}), 1, 0);
  for (int row = 0; row < 4; ++row)
    for (int col = 0; col < 4; ++col)
      EXPECT_EQ(out[row * 4 + col], row >= 2 && col < 2 ? 1 : 0)
          << "row " << row << " col " << col;
}

TEST(StoreAt, IndexOutsideThePieceThrows) {
  std::vector<int32_t> out(64, 0);
  for (auto [row, col] : {std::pair{2, 0}, std::pair{0, 2}, std::pair{-1, 0}})
    EXPECT_THROW(tile::host::launch(
                     blockKernel,
                     tile::host::partition<4, 4>(out.data(), {8, 8}), row, col),
                 std::out_of_range)
        << "index " << row << ", " << col;
  for (int32_t value : out)
    EXPECT_EQ(value, 0);
}
