// Views, pieces and the host launcher: padding, masking, strides, grids and
// errors.
#include <tile/kernel.h>

#include <gtest/gtest.h>

#include <array>
#include <numeric>
#include <stdexcept>
#include <type_traits>
#include <utility>
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

/// Writes 1000 * num_programs(0) + program_id(0) into its piece.
template <int N> void recordGrid(tile::Piece<int32_t, N> out) {
  auto id = tile::full<int32_t, N>(tile::program_id(0));
  out.store(id + 1000 * tile::num_programs(0));
}

/// Writes its program ids and grid into its single-element piece.
void recordIds3d(tile::Piece<int64_t, 1, 1, 1> out) {
  int64_t code = 0;
  for (int axis = 2; axis >= 0; --axis)
    code = code * 100 + tile::program_id(axis);
  for (int axis = 2; axis >= 0; --axis)
    code = code * 100 + tile::num_programs(axis);
  out.store(tile::full<int64_t, 1, 1, 1>(code));
}

std::vector<float> iotaFloats(size_t n, float start) {
  std::vector<float> v(n);
  std::iota(v.begin(), v.end(), start);
  return v;
}

} // namespace

TEST(Memory, RaggedPieceWritesOnlyInsideTheTensor) {
  // 1000 elements in pieces of 256: the last piece covers 768..1023 and
  // writes only 232 elements; the sentinels past the end stay.
  constexpr int64_t n = 1000;
  std::vector<float> in = iotaFloats(n, 1.0f), out(n + 64, -7.0f);
  tile::host::launch(copyKernel<256>,
                     tile::host::partition<256>(out.data(), {n}),
                     tile::View<float>(in.data(), {n}));
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], in[i]) << "at " << i;
  for (int64_t i = n; i < n + 64; ++i)
    ASSERT_EQ(out[i], -7.0f) << "sentinel overwritten at " << i;
}

TEST(Memory, LoadPadsPastTheEdgeWithZero) {
  std::vector<float> data = {1, 2, 3, 4, 5};
  tile::View<float> view(data.data(), {5});
  EXPECT_EQ(view.size(0), 5);
  auto first = tile::load<4>(view, 0);
  auto second = tile::load<4>(view, 1);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(first[i], data[i]);
  EXPECT_EQ(second[0], 5.0f);
  EXPECT_EQ(second[1], 0.0f);
  EXPECT_EQ(second[3], 0.0f);
  auto outside = tile::load<4>(view, 7);
  auto before = tile::load<4>(view, -1);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(outside[i], 0.0f);
    EXPECT_EQ(before[i], 0.0f);
  }
}

TEST(Memory, TwoDimensionalLoadPadsBothDimensions) {
  // A 5x7 tensor read in 4x4 tiles; tile (1, 1) covers rows 4..7 and
  // columns 4..7, of which only row 4, columns 4..6 exist.
  std::vector<int32_t> data(35);
  std::iota(data.begin(), data.end(), 100);
  tile::View<int32_t, 2> view(data.data(), {5, 7});
  auto corner = tile::load<4, 4>(view, 1, int64_t{1});
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      int32_t expected = (r == 0 && c < 3) ? data[4 * 7 + 4 + c] : 0;
      EXPECT_EQ(corner[r * 4 + c], expected) << r << "," << c;
    }
}

TEST(Memory, StridedViewReadsTheRightElements) {
  // A transposed view: element (i, j) of the 2x4 view is buffer[j * 2 + i].
  std::vector<float> buffer = iotaFloats(8, 0.0f);
  tile::View<float, 2> transposed(buffer.data(), {2, 4}, {1, 2});
  EXPECT_EQ(transposed.size(0), 2);
  EXPECT_EQ(transposed.size(1), 4);
  auto t = tile::load<2, 4>(transposed, 0, 0);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      EXPECT_EQ(t[i * 4 + j], buffer[j * 2 + i]);
}

TEST(Memory, LoadScalarReadsOneElementAndZeroOutside) {
  // A 2x3 view of every other column of a 2x6 buffer.
  std::vector<int32_t> buffer(12);
  std::iota(buffer.begin(), buffer.end(), 1);
  tile::View<int32_t, 2> x(buffer.data(), {2, 3}, {6, 2});
  EXPECT_EQ(tile::load_scalar(x, 0, 0), 1);
  EXPECT_EQ(tile::load_scalar(x, 0, 2), 5);
  EXPECT_EQ(tile::load_scalar(x, 1, 1), 9);
  EXPECT_EQ(tile::load_scalar(x, int64_t(1), int64_t(2)), 11);
  for (auto [i, j] : {std::pair{-1, 0}, {2, 0}, {0, -1}, {0, 3}, {5, 7}})
    EXPECT_EQ(tile::load_scalar(x, i, j), 0) << i << ", " << j;
  std::vector<tile::bf16> halves = {tile::bf16(1.5f)};
  tile::View<tile::bf16> h(halves.data(), {1});
  EXPECT_EQ(float(tile::load_scalar(h, 0)), 1.5f);
  EXPECT_EQ(float(tile::load_scalar(h, 1)), 0.0f);
}

TEST(Memory, LoadAtStartsAtAnyElementAndReadsZeroOutside) {
  // A 3x5 view of every other column of a 3x10 buffer holding 1, 2, ...
  std::vector<int32_t> buffer(30);
  std::iota(buffer.begin(), buffer.end(), 1);
  tile::View<int32_t, 2> x(buffer.data(), {3, 5}, {10, 2});
  for (int64_t row : {-3, -1, 0, 1, 2, 4})
    for (int64_t col : {-9, -1, 0, 1, 3, 5}) {
      auto t = tile::load_at<2, 4>(x, row, col);
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 4; ++j) {
          int64_t r = row + i, c = col + j;
          bool inside = r >= 0 && r < 3 && c >= 0 && c < 5;
          EXPECT_EQ(t[i * 4 + j], inside ? buffer[r * 10 + c * 2] : 0)
              << "at offsets " << row << ", " << col << ", element " << i
              << ", " << j;
        }
    }
  // int offsets and tile-aligned ones read what tile::load reads.
  std::vector<float> line = iotaFloats(10, 1.0f);
  tile::View<float> v(line.data(), {10});
  auto aligned = tile::load_at<4>(v, 4);
  auto tiled = tile::load<4>(v, 1);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(aligned[i], tiled[i]);
}

TEST(Memory, PieceLoadReadsZeroPastTheEdge) {
  std::vector<float> data = {1, 2, 3, 50};
  // The tensor is the first three elements; the piece of 4 covers a fourth
  // element that does not belong to it, reads it as 0 and never writes it.
  tile::host::launch(plusOne<4>, tile::host::partition<4>(data.data(), {3}));
  EXPECT_EQ(data, (std::vector<float>{2, 3, 4, 50}));
}

TEST(Memory, TwoDimensionalRaggedStridedCopy) {
  // A 37x29 tensor read through a view with a row pitch of 40, written in
  // 8x16 pieces into a tensor with a row pitch of 33: ragged along both
  // dimensions, strided on both sides. The padding columns of the output
  // keep their sentinel.
  constexpr int64_t rows = 37, cols = 29, inPitch = 40, outPitch = 33;
  std::vector<float> in(rows * inPitch);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < inPitch; ++c)
      in[r * inPitch + c] = c < cols ? float(r * 100 + c) : -1.0f;
  std::vector<float> out(rows * outPitch + 50, -5.0f);
  auto outputs =
      tile::host::partition<8, 16>(out.data(), {rows, cols}, {outPitch, 1});
  EXPECT_EQ(outputs.grid(), (std::array<int64_t, 3>{5, 2, 1}));
  tile::host::launch(
      copy2d<8, 16>, outputs,
      tile::View<float, 2>(in.data(), {rows, cols}, {inPitch, 1}));
  for (int64_t i = 0; i < static_cast<int64_t>(out.size()); ++i) {
    int64_t r = i / outPitch, c = i % outPitch;
    float expected = (r < rows && c < cols) ? float(r * 100 + c) : -5.0f;
    ASSERT_EQ(out[i], expected) << "row " << r << " column " << c;
  }
}

TEST(Memory, LauncherSetsProgramIdsAndGrid) {
  std::vector<int32_t> out(10);
  tile::host::launch(recordGrid<4>, tile::host::partition<4>(out.data(), {10}));
  EXPECT_EQ(out[0], 3000);
  EXPECT_EQ(out[3], 3000);
  EXPECT_EQ(out[5], 3001);
  EXPECT_EQ(out[9], 3002);
}

TEST(Memory, LauncherCoversAThreeDimensionalGrid) {
  // Pieces of 1x1x1 over a 2x3x4 tensor: 24 programs, one per element.
  std::vector<int64_t> out(24, -1);
  tile::host::launch(recordIds3d,
                     tile::host::partition<1, 1, 1>(out.data(), {2, 3, 4}));
  for (int64_t p0 = 0; p0 < 2; ++p0)
    for (int64_t p1 = 0; p1 < 3; ++p1)
      for (int64_t p2 = 0; p2 < 4; ++p2) {
        int64_t expected = ((p2 * 100 + p1) * 100 + p0) * 1000000 + 40302;
        EXPECT_EQ(out[(p0 * 3 + p1) * 4 + p2], expected);
      }
}

TEST(Memory, LauncherRunsNothingForAnEmptyTensor) {
  int calls = 0;
  auto count = [&](tile::Piece<float, 8>) { ++calls; };
  tile::host::launch(
      count, tile::host::partition<8>(static_cast<float *>(nullptr), {0}));
  EXPECT_EQ(calls, 0);
}

TEST(Memory, LauncherAcceptsPartitionsWithTheSameGrid) {
  // 80 elements in pieces of 8 and 40 in pieces of 4: ten programs each.
  std::vector<float> a(80, 0.0f), b(40, 0.0f);
  auto both = [](tile::Piece<float, 8> x, tile::Piece<float, 4> y) {
    x.store(x.load() + 1.0f);
    y.store(y.load() + 2.0f);
  };
  tile::host::launch(both, tile::host::partition<8>(a.data(), {80}),
                     tile::host::partition<4>(b.data(), {40}));
  EXPECT_EQ(a, std::vector<float>(80, 1.0f));
  EXPECT_EQ(b, std::vector<float>(40, 2.0f));
}

TEST(Memory, LauncherRejectsDisagreeingPartitions) {
  std::vector<float> a(100), b(50);
  auto twoOutputs = [](tile::Piece<float, 10>, tile::Piece<float, 10>) {};
  EXPECT_THROW(tile::host::launch(twoOutputs,
                                  tile::host::partition<10>(a.data(), {100}),
                                  tile::host::partition<10>(b.data(), {50})),
               std::invalid_argument);
  auto twoMatrices = [](tile::Piece<float, 2, 2>, tile::Piece<float, 2, 2>) {};
  EXPECT_THROW(tile::host::launch(
                   twoMatrices, tile::host::partition<2, 2>(a.data(), {10, 10}),
                   tile::host::partition<2, 2>(b.data(), {10, 5})),
               std::invalid_argument);
}

TEST(Memory, LauncherNeedsAPartition) {
  std::vector<float> a(10);
  auto onlyInput = [](tile::View<float>) {};
  EXPECT_THROW(tile::host::launch(onlyInput, tile::View<float>(a.data(), {10})),
               std::invalid_argument);
}

TEST(Memory, PartitionRejectsNegativeExtents) {
  std::vector<float> a(10);
  EXPECT_THROW(tile::host::partition<4>(a.data(), {-1}), std::invalid_argument);
}

TEST(Memory, GridStateIsRestoredAfterALaunch) {
  std::vector<float> a(100);
  int seen = -1;
  auto kernel = [&](tile::Piece<float, 10>) {
    seen = tile::num_programs(0);
    if (tile::program_id(0) == 3)
      throw std::runtime_error("stop");
  };
  EXPECT_THROW(
      tile::host::launch(kernel, tile::host::partition<10>(a.data(), {100})),
      std::runtime_error);
  EXPECT_EQ(seen, 10);
  EXPECT_EQ(tile::program_id(0), 0);
  EXPECT_EQ(tile::num_programs(0), 1);
}

TEST(Memory, GridAxisMustBeZeroToTwo) {
  EXPECT_THROW(tile::program_id(3), std::out_of_range);
  EXPECT_THROW(tile::num_programs(-1), std::out_of_range);
}

TEST(Memory, PiecesCannotBeCopiedOrMadeByHand) {
  using P = tile::Piece<float, 8>;
  static_assert(!std::is_copy_constructible_v<P>);
  static_assert(!std::is_copy_assignable_v<P>);
  static_assert(!std::is_move_assignable_v<P>);
  static_assert(std::is_move_constructible_v<P>);
  static_assert(!std::is_default_constructible_v<P>);
  static_assert(
      !std::is_constructible_v<P, float *, std::array<int64_t, 1>,
                               std::array<int64_t, 1>, std::array<int64_t, 1>>);
  static_assert(std::is_copy_constructible_v<tile::View<float>>);
}
