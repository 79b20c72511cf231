//===- LaunchPlanTest.cpp - Argument checks, packing and grids ------------===//

#include "tile/runtime/LaunchPlan.h"
#include "tile/runtime/Error.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace tile::rt;

namespace {

/// scale<64, 32>(Piece<float, 64, 32> out, View<float, 2> in, float a).
KernelInfo twoDimensional() {
  KernelInfo kernel;
  kernel.name = "scale<64, 32>";
  kernel.entry = "scale_64_32";
  kernel.params = {{"out", ParamKind::Piece, "f32", 2, {64, 32}},
                   {"in", ParamKind::View, "f32", 2, {}},
                   {"a", ParamKind::Scalar, "f32", 0, {}}};
  return kernel;
}

/// saxpy<1024>(Piece<float, 1024> y, View<float> x, float a).
KernelInfo saxpy() {
  KernelInfo kernel;
  kernel.name = "saxpy<1024>";
  kernel.entry = "saxpy_1024";
  kernel.params = {{"y", ParamKind::Piece, "f32", 1, {1024}},
                   {"x", ParamKind::View, "f32", 1, {}},
                   {"a", ParamKind::Scalar, "f32", 0, {}}};
  return kernel;
}

TensorArg matrix(uint64_t address, int64_t rows, int64_t cols,
                 const char *dtype = "f32") {
  return TensorArg{address, dtype, {rows, cols}, {cols, 1}};
}

TensorArg vector(uint64_t address, int64_t n, const char *dtype = "f32") {
  return TensorArg{address, dtype, {n}, {1}};
}

int64_t slotAsInt(const LaunchPlan &plan, size_t i) {
  int64_t value;
  std::memcpy(&value, plan.values[i].data(), sizeof(value));
  return value;
}

/// The message planLaunch fails with, or "planned".
std::string failure(const KernelInfo &kernel, std::vector<KernelArg> args) {
  try {
    planLaunch(kernel, args);
  } catch (const Error &e) {
    return e.what();
  }
  return "planned";
}

/// Whether planLaunch fails with a message containing `part`.
::testing::AssertionResult failsWith(const KernelInfo &kernel,
                                     std::vector<KernelArg> args,
                                     const std::string &part) {
  std::string message = failure(kernel, std::move(args));
  if (message.find(part) != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "expected a failure with \"" << part
                                       << "\", got \"" << message << "\"";
}

std::vector<KernelArg> saxpyArgs(TensorArg y, TensorArg x) {
  return {std::move(y), std::move(x), ScalarArg::of("f32", 2.0f)};
}

} // namespace

TEST(LaunchPlan, FlattensAndComputesTheGrid) {
  std::vector<KernelArg> args = {matrix(0x10000, 130, 33),
                                 matrix(0x90000, 130, 33),
                                 ScalarArg::of("f32", 2.5f)};
  LaunchPlan plan = planLaunch(twoDimensional(), args);
  // ceil(130 / 64) x ceil(33 / 32) x 1.
  EXPECT_EQ(plan.grid, (std::array<unsigned, 3>{3, 2, 1}));
  // Per tensor: pointer, 2 extents, 2 strides; one slot for the scalar.
  ASSERT_EQ(plan.values.size(), 11u);
  EXPECT_EQ(slotAsInt(plan, 0), 0x10000);
  EXPECT_EQ(slotAsInt(plan, 1), 130);
  EXPECT_EQ(slotAsInt(plan, 2), 33);
  EXPECT_EQ(slotAsInt(plan, 3), 33);
  EXPECT_EQ(slotAsInt(plan, 4), 1);
  EXPECT_EQ(slotAsInt(plan, 5), 0x90000);
  EXPECT_EQ(slotAsInt(plan, 6), 130);
  EXPECT_EQ(slotAsInt(plan, 9), 1);
  float a;
  std::memcpy(&a, plan.values[10].data(), sizeof(a));
  EXPECT_EQ(a, 2.5f);
  ASSERT_EQ(plan.values.size(), 11u);
  void **pointers = plan.parameterPointers();
  EXPECT_EQ(pointers[3], plan.values[3].data());
  EXPECT_EQ(pointers[10], plan.values[10].data());
  // A copy's pointers point into the copy's own slots.
  LaunchPlan copy = plan;
  void **copied = copy.parameterPointers();
  EXPECT_EQ(copied[0], copy.values[0].data());
  EXPECT_EQ(copied[10], copy.values[10].data());
  // Slots added after the pointers were made get theirs.
  copy.values.push_back({});
  EXPECT_EQ(copy.parameterPointers()[11], copy.values[11].data());
}

// A kernel whose programs walk its pieces takes the piece grid, three u32,
// after its parameters; the plan's grid stays the piece grid.
TEST(LaunchPlan, GivesAPersistentKernelThePieceGrid) {
  KernelInfo kernel = twoDimensional();
  kernel.persistent = 2;
  std::vector<KernelArg> args = {matrix(0x10000, 130, 33),
                                 matrix(0x90000, 130, 33),
                                 ScalarArg::of("f32", 2.5f)};
  LaunchPlan plan = planLaunch(kernel, args);
  EXPECT_EQ(plan.grid, (std::array<unsigned, 3>{3, 2, 1}));
  ASSERT_EQ(plan.values.size(), 14u);
  uint32_t grid[3];
  for (int d = 0; d < 3; ++d)
    std::memcpy(&grid[d], plan.values[11 + d].data(), sizeof(uint32_t));
  EXPECT_EQ(grid[0], 3u);
  EXPECT_EQ(grid[1], 2u);
  EXPECT_EQ(grid[2], 1u);
  EXPECT_EQ(plan.parameterPointers()[13], plan.values[13].data());
}

// Launches borrow their arguments; the borrowed and the owned form plan the
// same launch, and owning a borrowed argument copies it whole.
TEST(LaunchPlan, BorrowedArgumentsPlanAsOwnedOnes) {
  std::vector<KernelArg> owned =
      saxpyArgs(vector(0x10000, 3000), vector(0x20000, 3000));
  std::vector<KernelArgRef> borrowed;
  for (const KernelArg &arg : owned)
    borrowed.push_back(borrow(arg));
  LaunchPlan fromOwned = planLaunch(saxpy(), owned);
  LaunchPlan fromBorrowed = planLaunch(saxpy(), borrowed);
  EXPECT_EQ(fromOwned.grid, fromBorrowed.grid);
  EXPECT_EQ(fromOwned.values, fromBorrowed.values);

  KernelArg copied = own(borrowed[0]);
  const TensorArg &copy = std::get<TensorArg>(copied);
  const TensorArg &original = std::get<TensorArg>(owned[0]);
  EXPECT_EQ(copy.address, original.address);
  EXPECT_EQ(copy.dtype, original.dtype);
  EXPECT_EQ(copy.shape, original.shape);
  EXPECT_EQ(copy.strides, original.strides);
  EXPECT_EQ(std::get<ScalarArg>(own(borrowed[2])).bytes,
            std::get<ScalarArg>(owned[2]).bytes);
}

TEST(LaunchPlan, OneDimensionalGrids) {
  auto gridFor = [](int64_t n) {
    return planLaunch(saxpy(),
                      saxpyArgs(vector(1ull << 40, n), vector(1ull << 41, n)))
        .grid;
  };
  EXPECT_EQ(gridFor(1), (std::array<unsigned, 3>{1, 1, 1}));
  EXPECT_EQ(gridFor(1024), (std::array<unsigned, 3>{1, 1, 1}));
  EXPECT_EQ(gridFor(1025), (std::array<unsigned, 3>{2, 1, 1}));
  EXPECT_EQ(gridFor((int64_t(1) << 28)),
            (std::array<unsigned, 3>{1 << 18, 1, 1}));
  EXPECT_EQ(gridFor(12345677), (std::array<unsigned, 3>{12057, 1, 1}));
}

TEST(LaunchPlan, ThreeDimensionalGrid) {
  KernelInfo kernel;
  kernel.name = "fill<2, 4, 8>";
  kernel.params = {{"out", ParamKind::Piece, "bf16", 3, {2, 4, 8}},
                   {"v", ParamKind::Scalar, "i64", 0, {}}};
  TensorArg out = TensorArg::contiguous(0x1000, "bf16", {5, 9, 16});
  EXPECT_EQ(out.strides, (std::vector<int64_t>{144, 16, 1}));
  std::vector<KernelArg> args = {out, ScalarArg::of("i64", int64_t(-7))};
  LaunchPlan plan = planLaunch(kernel, args);
  EXPECT_EQ(plan.grid, (std::array<unsigned, 3>{3, 3, 2}));
  ASSERT_EQ(plan.values.size(), 8u);
  EXPECT_EQ(slotAsInt(plan, 7), -7);
}

TEST(LaunchPlan, ScalarsKeepTheirBytes) {
  KernelInfo kernel;
  kernel.name = "k<8>";
  kernel.params = {{"out", ParamKind::Piece, "f16", 1, {8}},
                   {"i", ParamKind::Scalar, "i32", 0, {}},
                   {"h", ParamKind::Scalar, "f16", 0, {}}};
  std::vector<KernelArg> args = {vector(0x1000, 8, "f16"),
                                 ScalarArg::of("i32", int32_t(-2)),
                                 ScalarArg::of("f16", uint16_t(0x3c00))};
  LaunchPlan plan = planLaunch(kernel, args);
  ASSERT_EQ(plan.values.size(), 5u);
  int32_t i;
  std::memcpy(&i, plan.values[3].data(), 4);
  EXPECT_EQ(i, -2);
  uint16_t h;
  std::memcpy(&h, plan.values[4].data(), 2);
  EXPECT_EQ(h, 0x3c00);
}

TEST(LaunchPlan, ScalarOfTheWrongSize) {
  EXPECT_THROW(ScalarArg::of("f32", 1.0), Error);
  EXPECT_THROW(ScalarArg::of("i64", 1), Error);
  EXPECT_THROW(ScalarArg::of("f64", 1.0f), Error);
  EXPECT_NO_THROW(ScalarArg::of("f64", 1.0));
  try {
    ScalarArg::of("f16", 1.0f);
    FAIL();
  } catch (const Error &e) {
    EXPECT_STREQ(e.what(), "a scalar of type f16 has 2 bytes, the value "
                           "given has 4");
  }
}

TEST(LaunchPlan, ScalarOfAnUnknownType) {
  try {
    ScalarArg::of("f128", 1.0);
    FAIL();
  } catch (const Error &e) {
    EXPECT_STREQ(e.what(), "unknown element type 'f128'");
  }
}

TEST(LaunchPlan, ScalarTypeOutlivesTheNameGiven) {
  // The argument keeps a view of the type's static name, not of the string
  // it was made from.
  ScalarArg arg = ScalarArg::of(std::string("bf16"), uint16_t(0x3f80));
  EXPECT_EQ(arg.dtype, "bf16");
  EXPECT_EQ(arg.dtype.name().data(), DType("bf16").name().data());
}

TEST(LaunchPlan, EmptyOutputsLaunchNothing) {
  std::vector<KernelArg> args = {matrix(0x10000, 0, 33), matrix(0x90000, 0, 33),
                                 ScalarArg::of("f32", 1.0f)};
  LaunchPlan plan = planLaunch(twoDimensional(), args);
  EXPECT_TRUE(plan.empty());
  EXPECT_EQ(plan.grid[0], 0u);
  // An empty tensor may have a null address.
  EXPECT_TRUE(
      planLaunch(saxpy(), saxpyArgs(vector(0, 0), vector(0, 0))).empty());
  LaunchPlan wide;
  wide.grid = {1u << 30, 4, 1};
  EXPECT_FALSE(wide.empty());
}

TEST(LaunchPlan, RejectsWrongArgumentCount) {
  EXPECT_TRUE(failsWith(twoDimensional(), {matrix(0x1000, 1, 1)},
                        "launch of scale<64, 32>: expected 3 arguments, "
                        "got 1"));
  EXPECT_TRUE(failsWith(twoDimensional(), {}, "expected 3 arguments, got 0"));
}

TEST(LaunchPlan, RejectsWrongKinds) {
  KernelInfo kernel = twoDimensional();
  EXPECT_TRUE(failsWith(kernel,
                        {ScalarArg::of("f32", 1.0f), matrix(0x90000, 8, 8),
                         ScalarArg::of("f32", 1.0f)},
                        "parameter 'out' is an output piece (a tensor), got a "
                        "scalar"));
  EXPECT_TRUE(failsWith(kernel,
                        {matrix(0x10000, 8, 8), ScalarArg::of("f32", 1.0f),
                         ScalarArg::of("f32", 1.0f)},
                        "parameter 'in' is an input view (a tensor), got a "
                        "scalar"));
  EXPECT_TRUE(failsWith(
      kernel,
      {matrix(0x10000, 8, 8), matrix(0x90000, 8, 8), matrix(0xF0000, 8, 8)},
      "parameter 'a' is a scalar, got a tensor"));
}

TEST(LaunchPlan, RejectsDtypeMismatches) {
  KernelInfo kernel = twoDimensional();
  EXPECT_TRUE(failsWith(kernel,
                        {matrix(0x10000, 8, 8, "f16"), matrix(0x90000, 8, 8),
                         ScalarArg::of("f32", 1.0f)},
                        "parameter 'out' holds f32, got a tensor of f16"));
  EXPECT_TRUE(failsWith(kernel,
                        {matrix(0x10000, 8, 8), matrix(0x90000, 8, 8, "bf16"),
                         ScalarArg::of("f32", 1.0f)},
                        "parameter 'in' holds f32, got a tensor of bf16"));
  EXPECT_TRUE(failsWith(
      kernel,
      {matrix(0x10000, 8, 8), matrix(0x90000, 8, 8), ScalarArg::of("i32", 1)},
      "parameter 'a' is f32, got a scalar of i32"));
}

TEST(LaunchPlan, RejectsRankMismatches) {
  KernelInfo kernel = twoDimensional();
  EXPECT_TRUE(failsWith(
      kernel,
      {vector(0x10000, 64), matrix(0x90000, 8, 8), ScalarArg::of("f32", 1.0f)},
      "parameter 'out' has rank 2, got a tensor of rank 1"));
  EXPECT_TRUE(failsWith(kernel,
                        {matrix(0x10000, 8, 8),
                         TensorArg::contiguous(0x90000, "f32", {2, 2, 2}),
                         ScalarArg::of("f32", 1.0f)},
                        "parameter 'in' has rank 2, got a tensor of rank 3"));
  EXPECT_TRUE(failsWith(kernel,
                        {TensorArg{0x10000, "f32", {8, 8}, {1}},
                         matrix(0x90000, 8, 8), ScalarArg::of("f32", 1.0f)},
                        "the tensor has 2 extents but 1 strides"));
}

TEST(LaunchPlan, RejectsNonContiguousRows) {
  TensorArg strided{0x10000, "f32", {8, 8}, {16, 2}};
  EXPECT_TRUE(
      failsWith(twoDimensional(),
                {strided, matrix(0x90000, 8, 8), ScalarArg::of("f32", 1.0f)},
                "parameter 'out': the innermost stride must be 1, got 2"));
  EXPECT_TRUE(failsWith(
      saxpy(),
      saxpyArgs(vector(0x1000, 8), TensorArg{0x9000, "f32", {8}, {-1}}),
      "parameter 'x': the innermost stride must be 1, "
      "got -1"));
  // Padded rows are fine.
  EXPECT_EQ(failure(twoDimensional(),
                    {TensorArg{0x10000, "f32", {8, 8}, {16, 1}},
                     matrix(0x90000, 8, 8), ScalarArg::of("f32", 1.0f)}),
            "planned");
}

TEST(LaunchPlan, RejectsBadAddressesAndExtents) {
  EXPECT_TRUE(failsWith(saxpy(), saxpyArgs(vector(0, 8), vector(0x9000, 8)),
                        "parameter 'y' is a null pointer"));
  EXPECT_TRUE(failsWith(saxpy(),
                        saxpyArgs(vector(0x1000, 8), vector(0x9002, 8)),
                        "parameter 'x': address 36866 is not aligned to its "
                        "4-byte elements"));
  EXPECT_TRUE(failsWith(saxpy(),
                        saxpyArgs(vector(0x1000, -8), vector(0x9000, 8)),
                        "parameter 'y' has a negative extent, -8"));
  EXPECT_TRUE(failsWith(
      saxpy(), saxpyArgs(vector(0x1000, 8), vector(UINT64_MAX - 15, 8)),
      "parameter 'x': the tensor reaches beyond the address space"));
}

TEST(LaunchPlan, RejectsEveryMisalignment) {
  for (uint64_t offset : {1, 2, 3})
    EXPECT_TRUE(failsWith(
        saxpy(), saxpyArgs(vector(0x1000, 8), vector(0x9000 + offset, 8)),
        "is not aligned to its 4-byte elements"))
        << offset;
  KernelInfo halves = saxpy();
  for (ParamInfo &param : halves.params)
    param.dtype = "bf16";
  EXPECT_TRUE(failsWith(halves,
                        {vector(0x1000, 8, "bf16"), vector(0x9001, 8, "bf16"),
                         ScalarArg::of("bf16", uint16_t(0))},
                        "parameter 'x': address 36865 is not aligned to its "
                        "2-byte elements"));
}

TEST(LaunchPlan, RejectsABufferThatIsBothOutputAndInput) {
  // The same buffer as piece and view (saxpy must read y through its piece).
  EXPECT_TRUE(failsWith(saxpy(),
                        saxpyArgs(vector(0x1000, 8), vector(0x1000, 8)),
                        "a buffer is both an output piece ('y') and an input "
                        "view ('x')"));
  // The input view starts inside the output's rows.
  EXPECT_TRUE(failsWith(twoDimensional(),
                        {matrix(0x10000, 8, 8), matrix(0x10080, 8, 8),
                         ScalarArg::of("f32", 1.0f)},
                        "both an output piece"));
  // Adjacent, not overlapping: accepted.
  EXPECT_EQ(
      failure(twoDimensional(), {matrix(0x10000, 8, 8), matrix(0x10100, 8, 8),
                                 ScalarArg::of("f32", 1.0f)}),
      "planned");
  EXPECT_EQ(failure(saxpy(), saxpyArgs(vector(0x1000, 8), vector(0x1020, 8))),
            "planned");
  EXPECT_TRUE(failsWith(saxpy(),
                        saxpyArgs(vector(0x1000, 8), vector(0x101C, 8)),
                        "both an output piece"));
  // A view running backwards (negative outer stride) into the output.
  EXPECT_TRUE(failsWith(twoDimensional(),
                        {matrix(0x10000, 8, 8),
                         TensorArg{0x10080 + 7 * 32, "f32", {8, 8}, {-8, 1}},
                         ScalarArg::of("f32", 1.0f)},
                        "both an output piece"));
  EXPECT_EQ(failure(twoDimensional(),
                    {matrix(0x10000, 8, 8),
                     TensorArg{0x10100 + 7 * 32, "f32", {8, 8}, {-8, 1}},
                     ScalarArg::of("f32", 1.0f)}),
            "planned");
  // A view listed before the piece it overlaps.
  KernelInfo viewFirst;
  viewFirst.name = "copy<8>";
  viewFirst.params = {{"in", ParamKind::View, "f32", 1, {}},
                      {"out", ParamKind::Piece, "f32", 1, {8}}};
  EXPECT_TRUE(failsWith(viewFirst, {vector(0x1000, 8), vector(0x1010, 8)},
                        "a buffer is both an output piece ('out') and an "
                        "input view ('in')"));
  // Views may share memory with each other.
  KernelInfo add = saxpy();
  add.params[2] = {"z", ParamKind::View, "f32", 1, {}};
  std::vector<KernelArg> args = {vector(0x1000, 8), vector(0x9000, 8),
                                 vector(0x9000, 8)};
  EXPECT_EQ(failure(add, args), "planned");
}

TEST(LaunchPlan, RejectsPiecesWithDifferentGridsOrSharedMemory) {
  KernelInfo kernel;
  kernel.name = "two<16>";
  kernel.params = {{"a", ParamKind::Piece, "f32", 1, {16}},
                   {"b", ParamKind::Piece, "f32", 1, {16}}};
  EXPECT_TRUE(failsWith(kernel, {vector(0x1000, 64), vector(0x9000, 32)},
                        "parameter 'b' is partitioned into a grid of 2x1x1, "
                        "the first piece 'a' into 4x1x1"));
  // Different sizes, the same grid: accepted.
  EXPECT_EQ(failure(kernel, {vector(0x1000, 64), vector(0x9000, 63)}),
            "planned");
  EXPECT_TRUE(failsWith(kernel, {vector(0x1000, 64), vector(0x1000 + 32, 64)},
                        "two outputs share memory: pieces 'a' and 'b'"));
}

TEST(LaunchPlan, RejectsGridsBeyondCudaLimits) {
  KernelInfo kernel = twoDimensional();
  // 65536 programs along y.
  std::vector<KernelArg> args = {matrix(0x10000, 64, int64_t(32) * 65536),
                                 matrix(1ull << 40, 8, 8),
                                 ScalarArg::of("f32", 1.0f)};
  EXPECT_TRUE(
      failsWith(kernel, args, "the grid 1x65536x1 exceeds CUDA's limits"));
  // 65535 along y is the limit.
  args[0] = matrix(0x10000, 64, int64_t(32) * 65535);
  EXPECT_EQ(failure(kernel, args), "planned");
  // 2^31 programs along x.
  KernelInfo one = saxpy();
  one.params[0].tile = {1};
  EXPECT_TRUE(failsWith(
      one,
      saxpyArgs(vector(1ull << 40, int64_t(1) << 31), vector(1ull << 20, 8)),
      "the grid 2147483648x1x1 exceeds CUDA's limits"));
}

TEST(LaunchPlan, RejectsGridsBeyondCudaLimitsAlongZ) {
  KernelInfo kernel;
  kernel.name = "fill<1, 1, 1>";
  kernel.params = {{"out", ParamKind::Piece, "f32", 3, {1, 1, 1}}};
  auto cube = [](int64_t depth) {
    return TensorArg{0x10000, "f32", {1, 1, depth}, {depth, depth, 1}};
  };
  EXPECT_TRUE(failsWith(kernel, {cube(65536)},
                        "the grid 1x1x65536 exceeds CUDA's limits"));
  // 65535 along z is the limit.
  EXPECT_EQ(failure(kernel, {cube(65535)}), "planned");
}

TEST(LaunchPlan, NeedsAPiece) {
  KernelInfo kernel;
  kernel.name = "reader";
  kernel.params = {{"in", ParamKind::View, "f32", 1, {}}};
  EXPECT_TRUE(failsWith(kernel, {vector(0x1000, 8)}, "no piece parameter"));
}

TEST(LaunchPlan, RejectsMalformedMetadata) {
  KernelInfo kernel = saxpy();
  kernel.params[0].tile = {};
  EXPECT_TRUE(failsWith(kernel, saxpyArgs(vector(0x1000, 8), vector(0x9000, 8)),
                        "parameter 'y' has a malformed tile in the metadata"));
  kernel.params[0].tile = {0};
  EXPECT_TRUE(failsWith(kernel, saxpyArgs(vector(0x1000, 8), vector(0x9000, 8)),
                        "malformed tile"));
}

// The pointers follow the slots, then the tensor maps, even without slots.
TEST(LaunchPlan, ParameterPointersOfTensorMapsOnly) {
  LaunchPlan plan;
  plan.tensorMaps.resize(2);
  void **pointers = plan.parameterPointers();
  EXPECT_EQ(pointers[0], plan.tensorMaps[0].bytes.data());
  EXPECT_EQ(pointers[1], plan.tensorMaps[1].bytes.data());
}

TEST(Error, CarriesTheCudaErrorName) {
  Error driver("cuModuleLoadData(abc.cubin)", "CUDA_ERROR_INVALID_IMAGE");
  EXPECT_STREQ(driver.what(),
               "cuModuleLoadData(abc.cubin): CUDA_ERROR_INVALID_IMAGE");
  EXPECT_EQ(driver.cudaErrorName(), "CUDA_ERROR_INVALID_IMAGE");
  Error plain("no kernel 'gemm'");
  EXPECT_TRUE(plain.cudaErrorName().empty());
}

namespace {

/// histogram<256>(Piece<const int32_t, 256> x, Atomic<int32_t> counts,
/// int32_t shift): an input piece gives the grid, an atomic output does not.
KernelInfo histogram() {
  KernelInfo kernel;
  kernel.name = "histogram<256>";
  kernel.entry = "histogram_256";
  kernel.params = {{"x", ParamKind::InputPiece, "i32", 1, {256}},
                   {"counts", ParamKind::Atomic, "i32", 1, {}},
                   {"shift", ParamKind::Scalar, "i32", 0, {}}};
  return kernel;
}

std::vector<KernelArg> histogramArgs(TensorArg x, TensorArg counts) {
  return {std::move(x), std::move(counts), ScalarArg::of("i32", int32_t(0))};
}

/// Kernel "pair" of two f32 tensor parameters "a" and "b" of kinds `a` and
/// `b` (pieces of 8 elements), then an input piece "grid" if neither gives
/// the grid.
KernelInfo pairOf(ParamKind a, ParamKind b) {
  auto param = [](const char *name, ParamKind kind) {
    std::vector<int64_t> tile;
    if (isPartitioned(kind))
      tile = {8};
    return ParamInfo{name, kind, "f32", 1, tile};
  };
  KernelInfo kernel;
  kernel.name = "pair";
  kernel.params = {param("a", a), param("b", b)};
  if (!isPartitioned(a) && !isPartitioned(b))
    kernel.params.push_back(param("grid", ParamKind::InputPiece));
  return kernel;
}

/// The message of a launch of pairOf(a, b) on 8 floats at 0x1000 and 8 at
/// `address` (and the grid's far from both), or "planned".
std::string pairFailure(ParamKind a, ParamKind b, uint64_t address) {
  KernelInfo kernel = pairOf(a, b);
  std::vector<KernelArg> args = {vector(0x1000, 8), vector(address, 8)};
  if (kernel.params.size() == 3)
    args.push_back(vector(1ull << 40, 8));
  return failure(kernel, args);
}

} // namespace

TEST(LaunchPlan, InputPiecesGiveTheGrid) {
  std::vector<KernelArg> args =
      histogramArgs(vector(0x10000, 1000, "i32"), vector(0x90000, 64, "i32"));
  LaunchPlan plan = planLaunch(histogram(), args);
  // ceil(1000 / 256); the atomic output's 64 elements count for nothing.
  EXPECT_EQ(plan.grid, (std::array<unsigned, 3>{4, 1, 1}));
  // An input piece and an atomic output pass as views do: the address, the
  // extents and the strides.
  ASSERT_EQ(plan.values.size(), 7u);
  EXPECT_EQ(slotAsInt(plan, 0), 0x10000);
  EXPECT_EQ(slotAsInt(plan, 1), 1000);
  EXPECT_EQ(slotAsInt(plan, 2), 1);
  EXPECT_EQ(slotAsInt(plan, 3), 0x90000);
  EXPECT_EQ(slotAsInt(plan, 4), 64);
  EXPECT_EQ(slotAsInt(plan, 5), 1);
  for (const ParamInfo &param : histogram().params)
    EXPECT_EQ(parameterSlots(param), param.rank == 0 ? 1u : 3u) << param.name;

  KernelInfo matrices;
  matrices.name = "column_counts<16, 64>";
  matrices.params = {{"x", ParamKind::InputPiece, "bf16", 2, {16, 64}},
                     {"counts", ParamKind::Atomic, "f32", 2, {}}};
  std::vector<KernelArg> two = {matrix(0x10000, 100, 130, "bf16"),
                                matrix(0x90000, 3, 3)};
  LaunchPlan planned = planLaunch(matrices, two);
  EXPECT_EQ(planned.grid, (std::array<unsigned, 3>{7, 3, 1}));
  EXPECT_EQ(planned.values.size(), 10u);
  EXPECT_EQ(parameterSlots(matrices.params[1]), 5u);
}

TEST(LaunchPlan, TheFirstPieceOutputOrInputGivesTheGrid) {
  // An input piece before the output piece: the input's grid comes first.
  KernelInfo kernel = pairOf(ParamKind::InputPiece, ParamKind::Piece);
  EXPECT_TRUE(failsWith(kernel, {vector(0x1000, 64), vector(0x9000, 32)},
                        "parameter 'b' is partitioned into a grid of 4x1x1, "
                        "the first piece 'a' into 8x1x1"));
  KernelInfo outputFirst = pairOf(ParamKind::Piece, ParamKind::InputPiece);
  EXPECT_TRUE(failsWith(outputFirst, {vector(0x1000, 64), vector(0x9000, 32)},
                        "parameter 'b' is partitioned into a grid of 4x1x1, "
                        "the first piece 'a' into 8x1x1"));
  // Other extents, the same grid: accepted.
  std::vector<KernelArg> ragged = {vector(0x1000, 64), vector(0x9000, 57)};
  EXPECT_EQ(planLaunch(kernel, ragged).grid,
            (std::array<unsigned, 3>{8, 1, 1}));
  EXPECT_EQ(failure(outputFirst, ragged), "planned");
  // Two input pieces must agree as well.
  EXPECT_TRUE(failsWith(pairOf(ParamKind::InputPiece, ParamKind::InputPiece),
                        {vector(0x1000, 16), vector(0x9000, 32)},
                        "parameter 'b' is partitioned into a grid of 4x1x1, "
                        "the first piece 'a' into 2x1x1"));
}

TEST(LaunchPlan, NeedsAPieceOutputOrInput) {
  KernelInfo kernel;
  kernel.name = "count";
  kernel.params = {{"x", ParamKind::View, "i32", 1, {}},
                   {"counts", ParamKind::Atomic, "i32", 1, {}}};
  EXPECT_TRUE(failsWith(kernel,
                        {vector(0x1000, 8, "i32"), vector(0x9000, 8, "i32")},
                        "launch of count: no piece parameter (output or input "
                        "piece): the grid follows from the first piece"));
}

TEST(LaunchPlan, ChecksInputPiecesAndAtomicOutputsAsTensors) {
  EXPECT_TRUE(failsWith(histogram(),
                        {vector(0x1000, 8, "i32"), ScalarArg::of("i32", 1),
                         ScalarArg::of("i32", 1)},
                        "parameter 'counts' is an atomic output (a tensor), "
                        "got a scalar"));
  EXPECT_TRUE(failsWith(histogram(),
                        {ScalarArg::of("i32", 1), vector(0x1000, 8, "i32"),
                         ScalarArg::of("i32", 1)},
                        "parameter 'x' is an input piece (a tensor), got a "
                        "scalar"));
  EXPECT_TRUE(failsWith(
      histogram(),
      histogramArgs(vector(0x1000, 8, "i32"), vector(0x9000, 8, "i64")),
      "parameter 'counts' holds i32, got a tensor of i64"));
  EXPECT_TRUE(failsWith(
      histogram(),
      histogramArgs(vector(0x1000, 8, "i32"), matrix(0x9000, 2, 4, "i32")),
      "parameter 'counts' has rank 1, got a tensor of rank 2"));
  EXPECT_TRUE(failsWith(
      histogram(), histogramArgs(vector(0x1000, 8, "i32"), vector(0, 8, "i32")),
      "parameter 'counts' is a null pointer"));
  EXPECT_TRUE(failsWith(
      histogram(),
      histogramArgs(vector(0x1000, 8, "i32"), vector(0x9002, 8, "i32")),
      "parameter 'counts': address 36866 is not aligned"));
  EXPECT_TRUE(failsWith(histogram(),
                        histogramArgs(TensorArg{0x1000, "i32", {8}, {2}},
                                      vector(0x9000, 8, "i32")),
                        "parameter 'x': the innermost stride must be 1"));
  KernelInfo malformed = histogram();
  malformed.params[0].tile = {0};
  EXPECT_TRUE(failsWith(
      malformed,
      histogramArgs(vector(0x1000, 8, "i32"), vector(0x9000, 8, "i32")),
      "parameter 'x' has a malformed tile in the metadata"));
}

// What may share memory with what: nothing with a parameter the kernel
// writes (an output piece or an atomic output); read-only parameters (views
// and input pieces) with each other.
TEST(LaunchPlan, RejectsMemoryThatAWrittenParameterShares) {
  using K = ParamKind;
  struct Case {
    K a, b;
    const char *message;
  };
  for (const Case &c : std::vector<Case>{
           {K::Piece, K::InputPiece,
            "a buffer is both an output piece ('a') and an input piece "
            "('b')"},
           {K::InputPiece, K::Piece,
            "a buffer is both an output piece ('b') and an input piece "
            "('a')"},
           {K::Atomic, K::View,
            "a buffer is both an atomic output ('a') and an input view "
            "('b')"},
           {K::View, K::Atomic,
            "a buffer is both an atomic output ('b') and an input view "
            "('a')"},
           {K::Atomic, K::InputPiece,
            "a buffer is both an atomic output ('a') and an input piece "
            "('b')"},
           {K::InputPiece, K::Atomic,
            "a buffer is both an atomic output ('b') and an input piece "
            "('a')"},
           {K::Piece, K::Atomic,
            "two outputs share memory: output piece 'a' and atomic output "
            "'b'"},
           {K::Atomic, K::Piece,
            "two outputs share memory: atomic output 'a' and output piece "
            "'b'"},
           {K::Atomic, K::Atomic,
            "two outputs share memory: atomic outputs 'a' and 'b'"},
           {K::Piece, K::Piece,
            "two outputs share memory: pieces 'a' and "
            "'b'"},
           {K::Piece, K::View,
            "a buffer is both an output piece ('a') and an input view "
            "('b')"}}) {
    std::string kinds =
        std::string(paramKindName(c.a)) + " and " + paramKindName(c.b);
    // The same buffer, and one starting at a's last element.
    EXPECT_EQ(pairFailure(c.a, c.b, 0x1000),
              "launch of pair: " + std::string(c.message))
        << kinds;
    EXPECT_NE(pairFailure(c.a, c.b, 0x101C).find(c.message), std::string::npos)
        << kinds;
    // Adjacent, not overlapping: accepted.
    EXPECT_EQ(pairFailure(c.a, c.b, 0x1020), "planned") << kinds;
  }
  // Read-only parameters share memory freely.
  for (auto [a, b] :
       {std::pair{K::InputPiece, K::InputPiece},
        std::pair{K::InputPiece, K::View}, std::pair{K::View, K::InputPiece}})
    EXPECT_EQ(pairFailure(a, b, 0x1000), "planned")
        << paramKindName(a) << " and " << paramKindName(b);
}

TEST(LaunchPlan, AnAtomicOutputMayNotOverlapALaterView) {
  // An atomic output inside a matrix view listed after it, running
  // backwards.
  KernelInfo kernel;
  kernel.name = "accumulate<8, 8>";
  kernel.params = {{"sums", ParamKind::Atomic, "f32", 1, {}},
                   {"x", ParamKind::InputPiece, "f32", 2, {8, 8}},
                   {"w", ParamKind::View, "f32", 2, {}}};
  EXPECT_TRUE(failsWith(kernel,
                        {vector(0x10080, 8), matrix(1ull << 40, 8, 8),
                         TensorArg{0x10000 + 7 * 32, "f32", {8, 8}, {-8, 1}}},
                        "a buffer is both an atomic output ('sums') and an "
                        "input view ('w')"));
  EXPECT_EQ(
      failure(kernel, {vector(0x10100, 8), matrix(1ull << 40, 8, 8),
                       TensorArg{0x10000 + 7 * 32, "f32", {8, 8}, {-8, 1}}}),
      "planned");
}
