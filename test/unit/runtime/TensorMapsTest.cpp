//===- TensorMapsTest.cpp - Views the tensor copy engine reads ------------===//

#include "LinearKernelInfo.h"

#include "tile/runtime/TensorMaps.h"

#include <gtest/gtest.h>

using namespace tile::rt;
using tile::rt::test::linearKernelInfo;

namespace {

TensorArg matrix(uint64_t address, int64_t rows, int64_t cols, int64_t stride) {
  return TensorArg{address, "bf16", {rows, cols}, {stride, 1}};
}

PackedView view(uint64_t address, std::vector<int64_t> extents,
                std::vector<int64_t> strides) {
  return PackedView{address, std::move(extents), std::move(strides)};
}

} // namespace

TEST(TensorMaps, ReadsAViewArgumentBackFromItsSlots) {
  std::vector<KernelArg> args = {
      matrix(0x10000, 100, 300, 300), matrix(0x20000, 100, 72, 80),
      matrix(0x30000, 300, 72, 72), ScalarArg::of("i32", int32_t(72))};
  LaunchPlan plan = planLaunch(linearKernelInfo(), args);
  PackedView w = packedView(linearKernelInfo(), plan, 2);
  EXPECT_EQ(w.address, 0x30000u);
  EXPECT_EQ(w.extents, (std::vector<int64_t>{300, 72}));
  EXPECT_EQ(w.strides, (std::vector<int64_t>{72, 1}));
  PackedView x = packedView(linearKernelInfo(), plan, 1);
  EXPECT_EQ(x.address, 0x20000u);
  EXPECT_EQ(x.strides, (std::vector<int64_t>{80, 1}));
}

TEST(TensorMaps, TheCopyEngineReadsAlignedViewsOnly) {
  // 72 bf16 a row: 144 bytes, a multiple of 16.
  EXPECT_TRUE(copyEngineCanRead(view(0x1000, {300, 72}, {72, 1}), 2));
  // A ragged matrix with aligned rows still is.
  EXPECT_TRUE(copyEngineCanRead(view(0x1000, {1, 3}, {8, 1}), 2));
  // A misaligned address, a row of 1030 bytes, an empty view, a broadcast
  // row, a stride of 2^40 bytes: not.
  EXPECT_FALSE(copyEngineCanRead(view(0x1008, {300, 72}, {72, 1}), 2));
  EXPECT_FALSE(copyEngineCanRead(view(0x1000, {300, 515}, {515, 1}), 2));
  EXPECT_FALSE(copyEngineCanRead(view(0x1000, {0, 72}, {72, 1}), 2));
  EXPECT_FALSE(copyEngineCanRead(view(0x1000, {300, 72}, {0, 1}), 2));
  EXPECT_FALSE(
      copyEngineCanRead(view(0x1000, {2, 8}, {int64_t(1) << 39, 1}), 2));
  EXPECT_FALSE(
      copyEngineCanRead(view(0x1000, {(int64_t(1) << 32) + 1, 8}, {8, 1}), 2));
}

TEST(TensorMaps, TheirPointersFollowTheSlots) {
  std::vector<KernelArg> args = {
      matrix(0x10000, 128, 256, 256), matrix(0x20000, 128, 64, 64),
      matrix(0x30000, 256, 64, 64), ScalarArg::of("i32", int32_t(64))};
  LaunchPlan plan = planLaunch(linearKernelInfo(), args);
  size_t slots = plan.values.size();
  plan.parameterPointers();
  // Maps added after the pointers were made get theirs, after the slots.
  plan.tensorMaps.push_back({});
  void **pointers = plan.parameterPointers();
  EXPECT_EQ(pointers[slots - 1], plan.values[slots - 1].data());
  EXPECT_EQ(pointers[slots], plan.tensorMaps[0].bytes.data());
  EXPECT_EQ(reinterpret_cast<uintptr_t>(plan.tensorMaps[0].bytes.data()) % 64,
            0u);
  // A copy's map pointer points into the copy.
  LaunchPlan copy = plan;
  EXPECT_EQ(copy.parameterPointers()[slots], copy.tensorMaps[0].bytes.data());
}
