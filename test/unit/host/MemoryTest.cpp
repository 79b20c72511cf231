// Views, pieces and the host launcher: padding, masking, grids, errors.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <numeric>
#include <stdexcept>
#include <vector>

namespace {

template <int N>
void copyKernel(tile::Piece<float, N> out, tile::View<float> in) {
  out.store(tile::load_like(in, out));
}

template <int N> void plusOne(tile::Piece<float, N> out) {
  out.store(out.load() + 1.0f);
}

template <int M, int N>
void copy2d(tile::Piece<float, M, N> out, tile::View<float, 2> in) {
  out.store(tile::load_like(in, out));
}

template <int N>
void recordGrid(tile::Piece<int32_t, N> out, tile::View<float> in) {
  (void)in;
  auto id = tile::full<int32_t, N>(tile::program_id(0));
  out.store(id + tile::full<int32_t, N>(1000 * tile::num_programs(0)));
}

} // namespace

TEST(Memory, RaggedPieceWritesOnlyInsideTheTensor) {
  constexpr int64_t n = 1000;
  std::vector<float> in(n), out(n + 64, -7.0f);
  std::iota(in.begin(), in.end(), 1.0f);
  tile::host::launch(copyKernel<256>, tile::host::partition<256>(out.data(), {n}),
                     tile::View<float>(in.data(), {n}));
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], in[i]) << "at " << i;
  for (int64_t i = n; i < n + 64; ++i)
    ASSERT_EQ(out[i], -7.0f) << "sentinel overwritten at " << i;
}

TEST(Memory, LoadPadsPastTheEdgeWithZero) {
  std::vector<float> data = {1, 2, 3, 4, 5};
  tile::View<float> view(data.data(), {5});
  auto second = tile::load<4>(view, 1);
  EXPECT_EQ(second[0], 5.0f);
  EXPECT_EQ(second[1], 0.0f);
  EXPECT_EQ(second[3], 0.0f);
  auto outside = tile::load<4>(view, 7);
  EXPECT_EQ(outside[0], 0.0f);
}

TEST(Memory, PieceLoadReadsZeroPastTheEdge) {
  std::vector<float> data = {1, 2, 3};
  tile::host::launch(plusOne<4>, tile::host::partition<4>(data.data(), {3}));
  EXPECT_EQ(data, (std::vector<float>{2, 3, 4}));
}

TEST(Memory, TwoDimensionalRaggedStridedCopy) {
  // A 37x29 tensor read through a view with a row pitch of 40, written in
  // 8x16 pieces: ragged along both dimensions.
  constexpr int64_t rows = 37, cols = 29, pitch = 40;
  std::vector<float> in(rows * pitch);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < pitch; ++c)
      in[r * pitch + c] = c < cols ? float(r * 100 + c) : -1.0f;
  std::vector<float> out(rows * cols, -5.0f);
  tile::host::launch(copy2d<8, 16>,
                     tile::host::partition<8, 16>(out.data(), {rows, cols}),
                     tile::View<float, 2>(in.data(), {rows, cols}, {pitch, 1}));
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      ASSERT_EQ(out[r * cols + c], float(r * 100 + c)) << r << "," << c;
}

TEST(Memory, LauncherSetsProgramIdsAndGrid) {
  std::vector<int32_t> out(10);
  std::vector<float> in(10);
  tile::host::launch(recordGrid<4>, tile::host::partition<4>(out.data(), {10}),
                     tile::View<float>(in.data(), {10}));
  EXPECT_EQ(out[0], 3000);
  EXPECT_EQ(out[5], 3001);
  EXPECT_EQ(out[9], 3002);
}

TEST(Memory, LauncherRejectsDisagreeingPartitions) {
  std::vector<float> a(100), b(50);
  auto twoOutputs = [](tile::Piece<float, 10>, tile::Piece<float, 10>) {};
  EXPECT_THROW(tile::host::launch(twoOutputs,
                                  tile::host::partition<10>(a.data(), {100}),
                                  tile::host::partition<10>(b.data(), {50})),
               std::invalid_argument);
}

TEST(Memory, LauncherNeedsAPartition) {
  std::vector<float> a(10);
  auto onlyInput = [](tile::View<float>) {};
  EXPECT_THROW(tile::host::launch(onlyInput, tile::View<float>(a.data(), {10})),
               std::invalid_argument);
}

TEST(Memory, PiecesCannotBeCopied) {
  static_assert(!std::is_copy_constructible_v<tile::Piece<float, 8>>);
  static_assert(!std::is_copy_assignable_v<tile::Piece<float, 8>>);
  static_assert(std::is_move_constructible_v<tile::Piece<float, 8>>);
}
