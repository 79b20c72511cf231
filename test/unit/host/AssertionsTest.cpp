// Kernel assertions and prints in host mode: a program where an
// assertion's condition fails throws with the condition, the program and the
// message, before the code after it runs; tile::print writes one line a
// program, in the GPU's format.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace {

/// Copies row rows[p] of x into row p's piece; rows must lie in x.
void routeRows(tile::Piece<float, 1, 4> out, tile::View<float, 2> x,
               tile::View<int32_t> rows) {
  int row = tile::load_scalar(rows, tile::program_id(0));
  TILE_ASSERT(row >= 0 && row < x.size(0), "rows name rows of x");
  out.store(tile::load<1, 4>(x, row, 0));
}

/// Prints each program's largest value, a count and a flag.
void showRows(tile::Piece<float, 1, 4> out, tile::View<float, 2> x,
              int64_t count) {
  auto row = tile::load<1, 4>(x, tile::program_id(0), 0);
  tile::print("largest", tile::item(tile::reduce_max<1>(row)));
  tile::print("count", count);
  tile::print("many", count > 2);
  out.store(row);
}

} // namespace

TEST(Assertions, AConditionThatHoldsLetsTheKernelGoOn) {
  std::vector<float> x = {0, 1, 2, 3, 10, 11, 12, 13}, out(8, -1.0f);
  std::vector<int32_t> rows = {1, 0};
  tile::host::launch(routeRows, tile::host::partition<1, 4>(out.data(), {2, 4}),
                     tile::View<float, 2>(x.data(), {2, 4}),
                     tile::View<int32_t>(rows.data(), {2}));
  EXPECT_EQ(out, (std::vector<float>{10, 11, 12, 13, 0, 1, 2, 3}));
}

TEST(Assertions, AFailingOneThrowsItsProgramAndStopsIt) {
  std::vector<float> x(8, 1.0f), out(8, -1.0f);
  std::vector<int32_t> rows = {0, 5};
  try {
    tile::host::launch(routeRows,
                       tile::host::partition<1, 4>(out.data(), {2, 4}),
                       tile::View<float, 2>(x.data(), {2, 4}),
                       tile::View<int32_t>(rows.data(), {2}));
    FAIL() << "the launch ran";
  } catch (const std::runtime_error &e) {
    EXPECT_STREQ(e.what(), "kernel assertion `row >= 0 && row < x.size(0)` "
                           "failed in program (1, 0, 0): rows name rows of x");
  }
  // Program 0 ran; program 1 stopped at the assertion.
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(out[c], 1.0f);
    EXPECT_EQ(out[4 + c], -1.0f);
  }
}

TEST(Print, EachProgramPrintsItsLine) {
  std::vector<float> x = {0, 1.5f, 2, 3, -4, -0.25f, -8, -1}, out(8);
  testing::internal::CaptureStdout();
  tile::host::launch(showRows, tile::host::partition<1, 4>(out.data(), {2, 4}),
                     tile::View<float, 2>(x.data(), {2, 4}), int64_t(1) << 40);
  EXPECT_EQ(testing::internal::GetCapturedStdout(),
            "largest 3 (program 0, 0, 0)\n"
            "count 1099511627776 (program 0, 0, 0)\n"
            "many 1 (program 0, 0, 0)\n"
            "largest -0.25 (program 1, 0, 0)\n"
            "count 1099511627776 (program 1, 0, 0)\n"
            "many 1 (program 1, 0, 0)\n");
}
