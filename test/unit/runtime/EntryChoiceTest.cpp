//===- EntryChoiceTest.cpp - A launch's entry: tensor maps or fallback ----===//
//
// The CUDA backend's choice between a kernel's entry, with its tensor maps
// encoded into the launch, and its fallback entry, over the stand-in driver
// of tile-launch-bench (no GPU needed).
//
//===----------------------------------------------------------------------===//

#include "LinearKernelInfo.h"
#include "StubDriver.h"

#include "tile/runtime/cuda/Launch.h"

#include <gtest/gtest.h>

using namespace tile::rt;
using namespace tile::rt::cuda;
using tile::rt::test::linearKernelInfo;

namespace {

/// out [m, n], x [m, k], w [n, k] with rows of k elements; `w` starts
/// `offset` bytes past an aligned address.
std::vector<KernelArg> linearArgs(int64_t k, uint64_t offset = 0) {
  int64_t m = 300, n = 500;
  return {TensorArg{0x100000, "bf16", {m, n}, {n, 1}},
          TensorArg{0x200000, "bf16", {m, k}, {k, 1}},
          TensorArg{0x300000 + offset, "bf16", {n, k}, {k, 1}},
          ScalarArg::of("i32", int32_t(k))};
}

const KernelFunctions kFunctions{reinterpret_cast<CUfunction>(0x10),
                                 reinterpret_cast<CUfunction>(0x20)};

} // namespace

TEST(EntryChoice, ReadableViewsRunTheEntryWithItsTensorMaps) {
  KernelInfo kernel = linearKernelInfo();
  LaunchPlan plan = planLaunch(kernel, linearArgs(72));
  uint64_t encodes = stubDriverCalls().tensorMapEncodes;
  auto [function, entry] = chooseEntry(kFunctions, kernel, plan);
  EXPECT_EQ(function, kFunctions.function);
  EXPECT_EQ(entry, &kernel);
  EXPECT_EQ(stubDriverCalls().tensorMapEncodes, encodes + 2);
  ASSERT_EQ(plan.tensorMaps.size(), 2u);
  // The maps follow the parameters' slots.
  void **pointers = plan.parameterPointers();
  EXPECT_EQ(pointers[plan.values.size() + 1], plan.tensorMaps[1].bytes.data());
}

TEST(EntryChoice, AViewTheCopyEngineCannotReadRunsTheFallback) {
  KernelInfo kernel = linearKernelInfo();
  // Rows of 515 bf16 (1030 bytes), then an address off by 8 bytes.
  for (auto args : {linearArgs(515), linearArgs(72, 8)}) {
    LaunchPlan plan = planLaunch(kernel, args);
    auto [function, entry] = chooseEntry(kFunctions, kernel, plan);
    EXPECT_EQ(function, kFunctions.fallback);
    EXPECT_EQ(entry, kernel.fallback.get());
    EXPECT_EQ(entry->entry, "linear_copies");
    EXPECT_TRUE(plan.tensorMaps.empty());
  }
  // A plan that had maps and is chosen again for unreadable views loses
  // them.
  LaunchPlan plan = planLaunch(kernel, linearArgs(72));
  chooseEntry(kFunctions, kernel, plan);
  ASSERT_EQ(plan.tensorMaps.size(), 2u);
  plan = planLaunch(kernel, linearArgs(515));
  plan.tensorMaps.push_back({});
  chooseEntry(kFunctions, kernel, plan);
  EXPECT_TRUE(plan.tensorMaps.empty());
}

TEST(EntryChoice, AKernelWithoutTensorMapsRunsItsEntry) {
  KernelInfo kernel = linearKernelInfo();
  kernel.tensorMaps.clear();
  kernel.fallback.reset();
  LaunchPlan plan = planLaunch(kernel, linearArgs(515));
  uint64_t encodes = stubDriverCalls().tensorMapEncodes;
  auto [function, entry] = chooseEntry(kFunctions, kernel, plan);
  EXPECT_EQ(function, kFunctions.function);
  EXPECT_EQ(entry, &kernel);
  EXPECT_EQ(stubDriverCalls().tensorMapEncodes, encodes);
}

TEST(EntryChoice, ProgramsThatWalkTheirPiecesNumberPerMultiprocessor) {
  KernelInfo kernel = linearKernelInfo();
  KernelFunctions functions = kFunctions;
  functions.multiprocessors = 132;
  // One program per piece, unless the programs walk the pieces.
  EXPECT_EQ(programGrid(functions, kernel, {40, 30, 2}),
            (std::array<unsigned, 3>{40, 30, 2}));
  kernel.persistent = 2;
  EXPECT_EQ(programGrid(functions, kernel, {40, 30, 2}),
            (std::array<unsigned, 3>{264, 1, 1}));
  // Never more programs than pieces.
  EXPECT_EQ(programGrid(functions, kernel, {10, 3, 1}),
            (std::array<unsigned, 3>{30, 1, 1}));
}
