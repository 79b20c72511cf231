//===- KernelInfoTest.cpp - A kernel's description from its record --------===//

#include "tile/runtime/KernelInfo.h"

#include <gtest/gtest.h>

using namespace tile::rt;
namespace formats = tile::formats;

namespace {

/// linear(Piece out, View x, View w, i32 k) with a tensor map of x, its
/// fallback entry and the precondition `k % 64 == 0`, as readEntry gives it.
formats::KernelRecord linearRecord() {
  formats::KernelRecord record;
  record.name = "linear<tile::bf16, 128, 256, 64>";
  record.launch = {"linear", {256, 1, 1}, 196672, true};
  record.params = {{"out", ParamKind::Piece, "bf16", 2, {128, 256}},
                   {"x", ParamKind::View, "bf16", 2, {}},
                   {"w", ParamKind::View, "bf16", 2, {}},
                   {"k", ParamKind::Scalar, "i32", 0, {}}};
  record.tensorMaps = {{1, {128, 64}, 128}};
  record.fallback = formats::LaunchRecord{"linear_copies", {128, 1, 1}, 0,
                                          false};
  record.tuned = {{"NVIDIA H100 80GB HBM3", "linear<tile::bf16, 64, 64, 64>"}};
  record.preconditions = {{"k % 64 == 0",
                           {{"param", "i32", {3}},
                            {"const", "i32", {64}},
                            {"rem", "i32", {0, 1}},
                            {"const", "i32", {0}},
                            {"eq", "i1", {2, 3}}}}};
  return record;
}

} // namespace

TEST(KernelInfo, ResolvesEachParameterAndLaunch) {
  KernelInfo info = KernelInfo::fromRecord(linearRecord());
  EXPECT_EQ(info.name, "linear<tile::bf16, 128, 256, 64>");
  EXPECT_EQ(info.entry, "linear");
  EXPECT_EQ(info.block, (std::array<unsigned, 3>{256, 1, 1}));
  EXPECT_EQ(info.sharedBytes, 196672u);
  EXPECT_TRUE(info.gridDependency);
  ASSERT_EQ(info.params.size(), 4u);
  EXPECT_EQ(info.params[0].name, "out");
  EXPECT_EQ(info.params[0].dtype, DType("bf16"));
  EXPECT_EQ(info.params[0].dtype.bytes(), 2);
  EXPECT_EQ(info.params[0].tile, (std::vector<int64_t>{128, 256}));
  EXPECT_EQ(info.params[2].kind, ParamKind::View);
  EXPECT_EQ(info.params[3].dtype, DType("i32"));
  ASSERT_EQ(info.tensorMaps.size(), 1u);
  EXPECT_EQ(info.tensorMaps[0].box, (std::vector<uint32_t>{128, 64}));
  ASSERT_EQ(info.tuned.size(), 1u);
  EXPECT_EQ(info.tuned[0].kernel, "linear<tile::bf16, 64, 64, 64>");
  ASSERT_EQ(info.preconditions.size(), 1u);
  EXPECT_EQ(info.preconditions[0].text, "k % 64 == 0");
  EXPECT_EQ(info.preconditions[0].nodes.size(), 5u);
}

TEST(KernelInfo,
     TheFallbackKeepsTheNameParametersAndPreconditionsButNotTheMaps) {
  KernelInfo info = KernelInfo::fromRecord(linearRecord());
  ASSERT_TRUE(info.fallback);
  EXPECT_EQ(info.fallback->name, info.name);
  EXPECT_EQ(info.fallback->entry, "linear_copies");
  EXPECT_EQ(info.fallback->block, (std::array<unsigned, 3>{128, 1, 1}));
  EXPECT_EQ(info.fallback->sharedBytes, 0u);
  EXPECT_FALSE(info.fallback->gridDependency);
  EXPECT_EQ(info.fallback->params.size(), 4u);
  ASSERT_EQ(info.fallback->preconditions.size(), 1u);
  EXPECT_EQ(info.fallback->preconditions[0].text, "k % 64 == 0");
  EXPECT_TRUE(info.fallback->tensorMaps.empty());
  formats::KernelRecord plain = linearRecord();
  plain.tensorMaps.clear();
  plain.fallback.reset();
  EXPECT_FALSE(KernelInfo::fromRecord(plain).fallback);
}
