//===- LaunchMemoTest.cpp - Plans a stream reuses for repeated launches ---===//

#include "saxpy.h"

#include "LaunchMemo.h"

#include "tile/runtime/Error.h"
#include "tile/runtime/HostKernel.h"
#include "tile/runtime/Launch.h"

#include "ThrowsWith.h"

#include <gtest/gtest.h>

using namespace tile::rt;

namespace {

Kernel saxpyKernel() {
  return hostKernel<&saxpy<2048>>(Device::host(), "saxpy<2048>",
                                  {"y", "x", "a"});
}

TensorArg vector(uint64_t address, int64_t n) {
  return TensorArg{address, "f32", {n}, {1}};
}

std::vector<KernelArgRef> borrowAll(const std::vector<KernelArg> &args) {
  std::vector<KernelArgRef> refs;
  for (const KernelArg &arg : args)
    refs.push_back(borrow(arg));
  return refs;
}

/// Whether `plan` is what planLaunch makes of `args` for `kernel`.
bool samePlan(const LaunchPlan &plan, const Kernel &kernel,
              const std::vector<KernelArg> &args) {
  LaunchPlan fresh = planLaunch(kernel.info(), args);
  return plan.grid == fresh.grid &&
         std::equal(plan.values.begin(), plan.values.end(),
                    fresh.values.begin(), fresh.values.end());
}

} // namespace

TEST(LaunchMemo, ARepeatedLaunchTakesItsOwnScalars) {
  Kernel kernel = saxpyKernel();
  LaunchMemo memo;
  std::vector<KernelArg> first = {vector(0x10000, 5000), vector(0x90000, 5000),
                                  ScalarArg::of("f32", 2.0f)};
  LaunchPlan &planned = memo.plan(kernel, borrowAll(first));
  EXPECT_TRUE(samePlan(planned, kernel, first));
  std::vector<KernelArg> second = first;
  second[2] = ScalarArg::of("f32", -7.5f);
  LaunchPlan &again = memo.plan(kernel, borrowAll(second));
  EXPECT_EQ(&again, &planned);
  EXPECT_TRUE(samePlan(again, kernel, second));
}

TEST(LaunchMemo, OtherTensorsArePlannedAfresh) {
  Kernel kernel = saxpyKernel();
  LaunchMemo memo;
  std::vector<KernelArg> args = {vector(0x10000, 5000), vector(0x90000, 5000),
                                 ScalarArg::of("f32", 1.0f)};
  memo.plan(kernel, borrowAll(args));
  // Another output, another input, other extents: each a new plan.
  std::vector<std::vector<KernelArg>> others = {
      {vector(0x20000, 5000), vector(0x90000, 5000),
       ScalarArg::of("f32", 1.0f)},
      {vector(0x10000, 5000), vector(0xA0000, 5000),
       ScalarArg::of("f32", 1.0f)},
      {vector(0x10000, 9000), vector(0x90000, 9000),
       ScalarArg::of("f32", 1.0f)}};
  for (const std::vector<KernelArg> &other : others)
    EXPECT_TRUE(samePlan(memo.plan(kernel, borrowAll(other)), kernel, other));
}

TEST(LaunchMemo, ARememberedKernelStillRejectsBadArguments) {
  Kernel kernel = saxpyKernel();
  LaunchMemo memo;
  std::vector<KernelArg> good = {vector(0x10000, 4096), vector(0x90000, 4096),
                                 ScalarArg::of("f32", 1.0f)};
  LaunchPlan &planned = memo.plan(kernel, borrowAll(good));
  // The output as its own input, an input of another element type, a
  // scalar of another type: each checked, and the plan kept.
  std::vector<KernelArg> aliased = {
      vector(0x10000, 4096), vector(0x10000, 4096), ScalarArg::of("f32", 1.0f)};
  EXPECT_TRUE(throwsWith([&] { memo.plan(kernel, borrowAll(aliased)); },
                         "both an output piece ('y') and an input view"));
  std::vector<KernelArg> halves = {vector(0x10000, 4096),
                                   TensorArg{0x90000, "f16", {4096}, {1}},
                                   ScalarArg::of("f32", 1.0f)};
  EXPECT_TRUE(throwsWith([&] { memo.plan(kernel, borrowAll(halves)); },
                         "holds f32, got a tensor of f16"));
  std::vector<KernelArg> strided = {vector(0x10000, 4096),
                                    TensorArg{0x90000, "f32", {4096}, {2}},
                                    ScalarArg::of("f32", 1.0f)};
  EXPECT_TRUE(throwsWith([&] { memo.plan(kernel, borrowAll(strided)); },
                         "the innermost stride must be 1, got 2"));
  std::vector<KernelArg> integer = {vector(0x10000, 4096),
                                    vector(0x90000, 4096),
                                    ScalarArg::of("i32", int32_t(1))};
  EXPECT_TRUE(throwsWith([&] { memo.plan(kernel, borrowAll(integer)); },
                         "is f32, got a scalar of i32"));
  EXPECT_EQ(&memo.plan(kernel, borrowAll(good)), &planned);
}

TEST(LaunchMemo, ARepeatedLaunchChecksThePreconditionsOnItsScalars) {
  // saxpy's code under a signature with an i32 scalar n that must be a
  // multiple of 16: planned, never run.
  KernelInfo info;
  info.name = "blocks<2048>";
  info.entry = "blocks_2048";
  info.params = {{"y", ParamKind::Piece, "f32", 1, {2048}},
                 {"x", ParamKind::View, "f32", 1, {}},
                 {"n", ParamKind::Scalar, "i32", 0, {}}};
  info.preconditions = {{"n % 16 == 0",
                         {{"param", "i32", {2}},
                          {"const", "i32", {16}},
                          {"rem", "i32", {0, 1}},
                          {"const", "i32", {0}},
                          {"eq", "i1", {2, 3}}}}};
  Kernel kernel(Device::host(), info, saxpyKernel().code());
  LaunchMemo memo;
  std::vector<KernelArg> args = {vector(0x10000, 4096), vector(0x90000, 4096),
                                 ScalarArg::of("i32", int32_t(32))};
  LaunchPlan &planned = memo.plan(kernel, borrowAll(args));
  // The same tensors, a scalar that breaks the precondition.
  args[2] = ScalarArg::of("i32", int32_t(17));
  EXPECT_TRUE(throwsWith([&] { memo.plan(kernel, borrowAll(args)); },
                         "launch of blocks<2048>: precondition `n % 16 == 0` "
                         "does not hold (n = 17)"));
  args[2] = ScalarArg::of("i32", int32_t(48));
  EXPECT_EQ(&memo.plan(kernel, borrowAll(args)), &planned);
  EXPECT_TRUE(samePlan(planned, kernel, args));
}

TEST(LaunchMemo, KernelsBeyondItsEntriesTakeTurns) {
  // More kernels than entries, launched in a loop: each plan is right
  // whether it was remembered or made again.
  std::vector<Kernel> kernels;
  for (int i = 0; i < 11; ++i)
    kernels.push_back(saxpyKernel());
  LaunchMemo memo;
  for (int round = 0; round < 3; ++round)
    for (size_t i = 0; i < kernels.size(); ++i) {
      std::vector<KernelArg> args = {vector(0x10000 + 0x10000 * i, 3000),
                                     vector(0x900000, 3000),
                                     ScalarArg::of("f32", float(round))};
      EXPECT_TRUE(
          samePlan(memo.plan(kernels[i], borrowAll(args)), kernels[i], args));
    }
}

TEST(LaunchMemo, HandsOverEachForgottenKernelOnce) {
  // The memo keeps the code of the kernels it remembers; the stream holds
  // a forgotten one's code until its launches have run.
  std::vector<Kernel> kernels;
  for (int i = 0; i < 9; ++i)
    kernels.push_back(saxpyKernel());
  LaunchMemo memo;
  std::vector<KernelArg> args = {vector(0x10000, 100), vector(0x90000, 100),
                                 ScalarArg::of("f32", 1.0f)};
  for (size_t i = 0; i < 8; ++i) {
    memo.plan(kernels[i], borrowAll(args));
    EXPECT_FALSE(memo.takeForgotten()) << "entry " << i << " was free";
  }
  memo.plan(kernels[8], borrowAll(args));
  std::optional<Kernel> forgotten = memo.takeForgotten();
  ASSERT_TRUE(forgotten);
  EXPECT_EQ(forgotten->code(), kernels[0].code());
  EXPECT_FALSE(memo.takeForgotten());
  // A rejected launch forgets nothing.
  std::vector<KernelArg> bad = {vector(0x10000, 100), vector(0x90000, 100)};
  EXPECT_THROW(memo.plan(kernels[0], borrowAll(bad)), Error);
  EXPECT_FALSE(memo.takeForgotten());
}

TEST(LaunchMemo, CopiesOfAKernelShareItsPlan) {
  Kernel kernel = saxpyKernel();
  Kernel copy = kernel;
  LaunchMemo memo;
  std::vector<KernelArg> args = {vector(0x10000, 100), vector(0x90000, 100),
                                 ScalarArg::of("f32", 1.0f)};
  LaunchPlan &planned = memo.plan(kernel, borrowAll(args));
  EXPECT_EQ(&memo.plan(copy, borrowAll(args)), &planned);
}

TEST(LaunchMemo, LaunchesOnAStreamRejectAnAliasAfterAGoodLaunch) {
  Device host = Device::host();
  Stream stream(host);
  Kernel kernel = saxpyKernel();
  Tensor y = Tensor::empty(host, "f32", {4096});
  Tensor x = Tensor::empty(host, "f32", {4096});
  y.fill(stream, 1.0);
  x.fill(stream, 2.0);
  for (float a : {1.0f, 2.0f, 3.0f})
    y = launch(stream, kernel, std::move(y).partition({2048}), x, a).get();
  TensorView alias = y.view();
  EXPECT_TRUE(throwsWith(
      [&] {
        launch(stream, kernel, std::move(y).partition({2048}), alias, 1.0f);
      },
      "both an output piece ('y') and an input view ('x')"));
}
