// Checking and packing launch arguments, without a GPU.
#include "tile/runtime/LaunchPlan.h"
#include "tile/runtime/Error.h"

#include <gtest/gtest.h>

using namespace tile::rt;

namespace {

KernelInfo twoDimensional() {
  KernelInfo kernel;
  kernel.name = "scale<64, 32>";
  kernel.entry = "scale_64_32";
  kernel.params = {{"out", ParamKind::Piece, "f32", 2, {64, 32}},
                   {"in", ParamKind::View, "f32", 2, {}},
                   {"a", ParamKind::Scalar, "f32", 0, {}}};
  return kernel;
}

TensorArg matrix(uint64_t address, int64_t rows, int64_t cols,
                 const char *dtype = "f32") {
  return TensorArg{address, dtype, {rows, cols}, {cols, 1}};
}

int64_t slotAsInt(const LaunchPlan &plan, size_t i) {
  int64_t value;
  std::memcpy(&value, plan.values[i].data(), sizeof(value));
  return value;
}

/// The message planLaunch fails with.
std::string failure(const KernelInfo &kernel, std::vector<KernelArg> args) {
  try {
    planLaunch(kernel, args);
  } catch (const Error &e) {
    return e.what();
  }
  return "planned";
}

} // namespace

TEST(LaunchPlan, FlattensAndComputesTheGrid) {
  std::vector<KernelArg> args = {matrix(0x10000, 130, 33),
                                 matrix(0x90000, 130, 33),
                                 ScalarArg::of("f32", 2.5f)};
  LaunchPlan plan = planLaunch(twoDimensional(), args);
  EXPECT_EQ(plan.grid, (std::array<unsigned, 3>{3, 2, 1}));
  // pointer, 2 sizes, 2 strides per tensor; one slot per scalar.
  ASSERT_EQ(plan.values.size(), 11u);
  EXPECT_EQ(slotAsInt(plan, 0), 0x10000);
  EXPECT_EQ(slotAsInt(plan, 1), 130);
  EXPECT_EQ(slotAsInt(plan, 2), 33);
  EXPECT_EQ(slotAsInt(plan, 3), 33);
  EXPECT_EQ(slotAsInt(plan, 4), 1);
  EXPECT_EQ(slotAsInt(plan, 5), 0x90000);
  float a;
  std::memcpy(&a, plan.values[10].data(), sizeof(a));
  EXPECT_EQ(a, 2.5f);
  EXPECT_EQ(plan.parameterPointers().size(), 11u);
}

TEST(LaunchPlan, EmptyTensorsLaunchNothing) {
  std::vector<KernelArg> args = {matrix(0x10000, 0, 33), matrix(0x90000, 0, 33),
                                 ScalarArg::of("f32", 1.0f)};
  EXPECT_TRUE(planLaunch(twoDimensional(), args).empty());
}

TEST(LaunchPlan, RejectsWrongArgumentCount) {
  EXPECT_NE(failure(twoDimensional(), {matrix(0, 1, 1)})
                .find("expected 3 arguments, got 1"),
            std::string::npos);
}

TEST(LaunchPlan, RejectsWrongKinds) {
  KernelInfo kernel = twoDimensional();
  EXPECT_NE(failure(kernel, {ScalarArg::of("f32", 1.0f), matrix(0x90000, 8, 8),
                             ScalarArg::of("f32", 1.0f)})
                .find("parameter 'out' is a tensor, got a scalar"),
            std::string::npos);
  EXPECT_NE(failure(kernel, {matrix(0x10000, 8, 8), matrix(0x90000, 8, 8),
                             matrix(0xF0000, 8, 8)})
                .find("parameter 'a' is a scalar, got a tensor"),
            std::string::npos);
}

TEST(LaunchPlan, RejectsDtypeAndRankMismatches) {
  KernelInfo kernel = twoDimensional();
  EXPECT_NE(failure(kernel, {matrix(0x10000, 8, 8, "f16"),
                             matrix(0x90000, 8, 8), ScalarArg::of("f32", 1.0f)})
                .find("holds f32, got a tensor of f16"),
            std::string::npos);
  EXPECT_NE(failure(kernel, {TensorArg{0x10000, "f32", {64}, {1}},
                             matrix(0x90000, 8, 8), ScalarArg::of("f32", 1.0f)})
                .find("has rank 2, got a tensor of rank 1"),
            std::string::npos);
  EXPECT_NE(failure(kernel, {matrix(0x10000, 8, 8), matrix(0x90000, 8, 8),
                             ScalarArg::of("i32", 1)})
                .find("parameter 'a' is f32, got i32"),
            std::string::npos);
}

TEST(LaunchPlan, RejectsNonContiguousRows) {
  TensorArg strided{0x10000, "f32", {8, 8}, {16, 2}};
  EXPECT_NE(failure(twoDimensional(), {strided, matrix(0x90000, 8, 8),
                                       ScalarArg::of("f32", 1.0f)})
                .find("the innermost stride must be 1, got 2"),
            std::string::npos);
}

TEST(LaunchPlan, RejectsABufferThatIsBothOutputAndInput) {
  // The input view starts inside the output's rows.
  EXPECT_NE(
      failure(twoDimensional(), {matrix(0x10000, 8, 8), matrix(0x10080, 8, 8),
                                 ScalarArg::of("f32", 1.0f)})
          .find("both an output piece and an input view"),
      std::string::npos);
  // Adjacent, not overlapping: accepted.
  EXPECT_EQ(
      failure(twoDimensional(), {matrix(0x10000, 8, 8), matrix(0x10100, 8, 8),
                                 ScalarArg::of("f32", 1.0f)}),
      "planned");
}

TEST(LaunchPlan, RejectsOutputsWithDifferentGrids) {
  KernelInfo kernel;
  kernel.name = "two<16>";
  kernel.params = {{"a", ParamKind::Piece, "f32", 1, {16}},
                   {"b", ParamKind::Piece, "f32", 1, {16}}};
  std::vector<KernelArg> args = {TensorArg{0x1000, "f32", {64}, {1}},
                                 TensorArg{0x9000, "f32", {32}, {1}}};
  EXPECT_NE(failure(kernel, args).find("different grid"), std::string::npos);
  args[1] = TensorArg{0x1000 + 32, "f32", {64}, {1}};
  EXPECT_NE(failure(kernel, args).find("two outputs share memory"),
            std::string::npos);
}

TEST(LaunchPlan, RejectsGridsBeyondCudaLimits) {
  KernelInfo kernel = twoDimensional();
  std::vector<KernelArg> args = {matrix(0x10000, 64, int64_t(32) * 70000),
                                 matrix(1ull << 40, 8, 8),
                                 ScalarArg::of("f32", 1.0f)};
  EXPECT_NE(failure(kernel, args).find("exceeds CUDA's limits"),
            std::string::npos);
}

TEST(LaunchPlan, NeedsAnOutput) {
  KernelInfo kernel;
  kernel.name = "reader";
  kernel.params = {{"in", ParamKind::View, "f32", 1, {}}};
  EXPECT_NE(failure(kernel, {TensorArg{0x1000, "f32", {8}, {1}}})
                .find("no output piece"),
            std::string::npos);
}
