// Compiled with TILE_COUNT_DROPPED (what tilecc --count-dropped does on the
// GPU): a program whose scatter drops elements outside its piece prints how
// many, one line per program; one that drops none prints nothing.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#if !defined(TILE_COUNT_DROPPED)
#error "this test is built with TILE_COUNT_DROPPED"
#endif

namespace {

/// Indices 3 * i - 2 in a piece of 8: -2, 10, 13 (masked off), 16 and 19
/// fall outside: four dropped in every program.
void spread(tile::Piece<int32_t, 8> out) {
  auto i = tile::iota<int32_t, 8>();
  out.scatter(i * 10, i * 3 - 2, i != 5);
}

/// Indices inside the piece only, some past the tensor's edge.
void inside(tile::Piece<int32_t, 8> out) {
  auto i = tile::iota<int32_t, 8>();
  out.scatter(i, 7 - i);
}

TEST(ScatterCountTest, EachProgramPrintsWhatItDroppedOutsideThePiece) {
  std::vector<int32_t> out(12, -1);
  testing::internal::CaptureStdout();
  tile::host::launch(spread, tile::host::partition<8>(out.data(), {12}));
  EXPECT_EQ(testing::internal::GetCapturedStdout(),
            "Piece::scatter dropped elements outside the piece: 4 (program 0, "
            "0, 0)\n"
            "Piece::scatter dropped elements outside the piece: 4 (program 1, "
            "0, 0)\n");
}

TEST(ScatterCountTest, ElementsPastTheTensorAreNotCounted) {
  std::vector<int32_t> out(12, -1);
  testing::internal::CaptureStdout();
  tile::host::launch(inside, tile::host::partition<8>(out.data(), {12}));
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
  EXPECT_EQ(out, (std::vector<int32_t>{7, 6, 5, 4, 3, 2, 1, 0, 7, 6, 5, 4}));
}

} // namespace
