// Tensor sizes in host mode: View::size and Piece::size give the whole
// tensor's extents, a loop bounded by one covers a ragged number of rows,
// and a dimension outside the rank throws.
#include "column_sums.h"

#include "RandomData.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace {

constexpr int64_t kPadding = 16; // sentinel elements past each output

/// Writes the extents of its output's tensor and of `x` into each piece.
void extentsKernel(tile::Piece<int64_t, 4> out, tile::View<float, 3> x) {
  int64_t code =
      out.size(0) * 1000000 + x.size(0) * 10000 + x.size(1) * 100 + x.size(2);
  out.store(tile::full<int64_t, 4>(code));
}

/// Asks for the size of dimension `dim` of a rank-2 view.
void dimensionKernel(tile::Piece<int64_t, 4> out, tile::View<float, 2> x,
                     int dim) {
  out.store(tile::full<int64_t, 4>(x.size(dim)));
}

/// Rows and columns of the column sums: none, one and many rows; columns
/// that fill whole pieces and columns that end in a partial one.
class ColumnSums
    : public ::testing::TestWithParam<std::pair<int64_t, int64_t>> {};

} // namespace

TEST_P(ColumnSums, MatchAPlainLoopOverEveryRow) {
  auto [rows, cols] = GetParam();
  auto x = randomFloats(rows * cols, 7);
  std::vector<float> expected(cols, 0.0f);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      expected[c] += x[r * cols + c];
  std::vector<float> out(cols + kPadding, -99.0f);
  tile::host::launch(column_sums<128>,
                     tile::host::partition<128>(out.data(), {cols}),
                     tile::View<float, 2>(x.data(), {rows, cols}));
  for (int64_t c = 0; c < cols; ++c)
    ASSERT_EQ(out[c], expected[c]) << "column " << c;
  for (int64_t i = cols; i < cols + kPadding; ++i)
    ASSERT_EQ(out[i], -99.0f) << "past the end at " << i;
}

INSTANTIATE_TEST_SUITE_P(RaggedRowsAndColumns, ColumnSums,
                         ::testing::Values(std::pair<int64_t, int64_t>{0, 128},
                                           std::pair<int64_t, int64_t>{1, 128},
                                           std::pair<int64_t, int64_t>{7, 300},
                                           std::pair<int64_t, int64_t>{333,
                                                                       256}));

TEST(TensorSize, GivesTheWholeTensorsExtentsToEveryProgram) {
  std::vector<int64_t> out(10);
  std::vector<float> x(2 * 3 * 5);
  tile::host::launch(extentsKernel, tile::host::partition<4>(out.data(), {10}),
                     tile::View<float, 3>(x.data(), {2, 3, 5}));
  for (int64_t i = 0; i < 10; ++i)
    EXPECT_EQ(out[i], 10020305) << "at " << i;
}

TEST(TensorSize, DimensionOutsideTheRankThrows) {
  std::vector<int64_t> out(4);
  std::vector<float> x(6);
  tile::View<float, 2> view(x.data(), {2, 3});
  tile::host::launch(dimensionKernel, tile::host::partition<4>(out.data(), {4}),
                     view, 1);
  EXPECT_EQ(out[0], 3);
  for (int dim : {-1, 2})
    EXPECT_THROW(tile::host::launch(dimensionKernel,
                                    tile::host::partition<4>(out.data(), {4}),
                                    view, dim),
                 std::out_of_range)
        << "dimension " << dim;
}
