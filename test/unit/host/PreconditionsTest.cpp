// Launch preconditions in host mode: each program checks TILE_REQUIRE as it
// starts, so a launch that breaks one stops before any program stores.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace {

/// Copies row `row` of x, which must lie in x and have 8 columns.
void copyRow(tile::Piece<float, 8> out, tile::View<float, 2> x, int row) {
  TILE_REQUIRE(row >= 0 && row < x.size(0));
  TILE_REQUIRE(x.size(1) == 8);
  out.store(tile::reshape<8>(tile::load<1, 8>(x, row, 0)));
}

} // namespace

TEST(Preconditions, ALaunchThatSatisfiesThemRuns) {
  std::vector<float> x(3 * 8), out(8, -1.0f);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = float(i);
  tile::host::launch(copyRow, tile::host::partition<8>(out.data(), {8}),
                     tile::View<float, 2>(x.data(), {3, 8}), 2);
  for (int c = 0; c < 8; ++c)
    EXPECT_EQ(out[c], float(16 + c));
}

TEST(Preconditions, ALaunchThatBreaksOneThrowsItsTextAndStoresNothing) {
  std::vector<float> x(3 * 8, 1.0f), out(8, -1.0f);
  try {
    tile::host::launch(copyRow, tile::host::partition<8>(out.data(), {8}),
                       tile::View<float, 2>(x.data(), {3, 8}), 3);
    FAIL() << "the launch ran";
  } catch (const std::invalid_argument &e) {
    EXPECT_STREQ(e.what(),
                 "precondition `row >= 0 && row < x.size(0)` does not hold");
  }
  EXPECT_THROW(tile::host::launch(copyRow,
                                  tile::host::partition<8>(out.data(), {8}),
                                  tile::View<float, 2>(x.data(), {2, 12}), 0),
               std::invalid_argument);
  for (float v : out)
    EXPECT_EQ(v, -1.0f);
}
