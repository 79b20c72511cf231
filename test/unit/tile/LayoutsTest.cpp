//===- LayoutsTest.cpp - The algebra of #tile.layout ----------------------===//
//
// The layouts the transforms choose and the conversion lowers: blocked
// layouts of loads and stores, what reductions, permutations and broadcasts
// make of them, and the fragments of the tensor cores' instructions (as the
// PTX ISA lays them out).
//
//===----------------------------------------------------------------------===//

#include "tile/IR/MmaLayouts.h"
#include "tile/IR/ThreadLayouts.h"
#include "tile/IR/TileDialect.h"
#include "tile/IR/WgmmaLayouts.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <map>
#include <vector>

using namespace mlir;
using namespace mlir::tile;

namespace {

class LayoutsTest : public ::testing::Test {
protected:
  LayoutsTest() { context.loadDialect<TileDialect>(); }

  LinearLayoutAttr layout(std::vector<int32_t> registers,
                          std::vector<int32_t> lanes,
                          std::vector<int32_t> warps) {
    return LinearLayoutAttr::get(&context, registers, lanes, warps);
  }

  MLIRContext context;
};

std::vector<int32_t> bits(ArrayRef<int32_t> list) {
  return std::vector<int32_t>(list.begin(), list.end());
}

/// The element a thread's register holds: the sum of the element bits that
/// the set bits of its register, lane and warp indices name.
int64_t elementAt(LinearLayoutAttr layout, int64_t reg, int64_t lane,
                  int64_t warp) {
  int64_t element = 0;
  auto add = [&](ArrayRef<int32_t> places, int64_t index) {
    for (size_t bit = 0; bit < places.size(); ++bit)
      if ((index >> bit) & 1 && places[bit] >= 0)
        element |= int64_t(1) << places[bit];
  };
  add(layout.getRegisters(), reg);
  add(layout.getLanes(), lane);
  add(layout.getWarps(), warp);
  return element;
}

TEST_F(LayoutsTest, DimensionBitsRunFromTheInnermostDimension) {
  EXPECT_EQ(dimensionBitOffsets({4, 8, 2}), (SmallVector<int32_t>{4, 1, 0}));
  EXPECT_EQ(dimensionBitOffsets({16}), (SmallVector<int32_t>{0}));
  EXPECT_EQ(dimensionBitOffsets({1, 32}), (SmallVector<int32_t>{5, 0}));
}

TEST_F(LayoutsTest, BlockedLayoutHoldsEveryElementEquallyOften) {
  for (std::vector<int64_t> shape :
       {std::vector<int64_t>{64}, {128, 64}, {2, 16, 32}, {8}, {1, 256}})
    for (int64_t width : {1, 4, 8})
      for (int64_t warps : {1, 4}) {
        LinearLayoutAttr blocked = blockedLayout(&context, shape, width, warps);
        int64_t elements = 1;
        for (int64_t extent : shape)
          elements *= extent;
        ASSERT_EQ(int64_t(1) << blocked.getNumElementBits(), elements);
        std::map<int64_t, int64_t> holders;
        for (int64_t reg = 0; reg < blocked.getElementsPerThread(); ++reg)
          for (int64_t lane = 0; lane < kWarpSize; ++lane)
            for (int64_t warp = 0; warp < warps; ++warp)
              ++holders[elementAt(blocked, reg, lane, warp)];
        ASSERT_EQ(int64_t(holders.size()), elements);
        int64_t copies = holders.begin()->second;
        for (auto [element, count] : holders)
          EXPECT_EQ(count, copies) << "element " << element;
        EXPECT_EQ(copies * elements,
                  blocked.getElementsPerThread() * kWarpSize * warps);
      }
}

TEST_F(LayoutsTest, BlockedLayoutPlacesRunsThenLanesThenWarps) {
  // 8-element runs of the 64 columns, the lanes over the rest of a row and
  // two rows, the warps over the next rows, more runs for the rows left.
  LinearLayoutAttr blocked = blockedLayout(&context, {128, 64}, 8, 4);
  EXPECT_EQ(bits(blocked.getRegisters()),
            (std::vector<int32_t>{0, 1, 2, 10, 11, 12}));
  EXPECT_EQ(bits(blocked.getLanes()), (std::vector<int32_t>{3, 4, 5, 6, 7}));
  EXPECT_EQ(bits(blocked.getWarps()), (std::vector<int32_t>{8, 9}));
  EXPECT_EQ(contiguousRegisterBits(blocked), 3);
  EXPECT_EQ(registerElement(blocked, 7), 7);
  EXPECT_EQ(registerElement(blocked, 8), 1024);
  EXPECT_EQ(registerElement(blocked, 9), 1025);
}

TEST_F(LayoutsTest, SmallTilesLeaveThreadsHoldingReplicas) {
  // 32 elements in runs of 4 need 8 threads: the other lane bits and the
  // warp bit select no element.
  LinearLayoutAttr blocked = blockedLayout(&context, {32}, 4, 2);
  EXPECT_EQ(blocked.getNumElementBits(), 5);
  EXPECT_EQ(bits(blocked.getRegisters()), (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(bits(blocked.getLanes()), (std::vector<int32_t>{2, 3, 4, -1, -1}));
  EXPECT_EQ(bits(blocked.getWarps()), (std::vector<int32_t>{-1}));
}

TEST_F(LayoutsTest, ReductionFoldsRegistersAndReplicatesThreads) {
  LinearLayoutAttr blocked = blockedLayout(&context, {128, 64}, 8, 4);
  // Along the columns (bits 0-5): their registers fold, their lanes hold
  // replicas, and the row bits 6-12 become bits 0-6 of the 128x1 result.
  LinearLayoutAttr rows = reducedLayout(blocked, {128, 64}, 1);
  EXPECT_EQ(bits(rows.getRegisters()), (std::vector<int32_t>{4, 5, 6}));
  EXPECT_EQ(bits(rows.getLanes()), (std::vector<int32_t>{-1, -1, -1, 0, 1}));
  EXPECT_EQ(bits(rows.getWarps()), (std::vector<int32_t>{2, 3}));
  // Along the rows: the 1x64 result keeps the column bits where they were.
  LinearLayoutAttr columns = reducedLayout(blocked, {128, 64}, 0);
  EXPECT_EQ(bits(columns.getRegisters()), (std::vector<int32_t>{0, 1, 2}));
  EXPECT_EQ(bits(columns.getLanes()),
            (std::vector<int32_t>{3, 4, 5, -1, -1}));
  EXPECT_EQ(bits(columns.getWarps()), (std::vector<int32_t>{-1, -1}));
}

TEST_F(LayoutsTest, PermutationMovesBitsNotElements) {
  LinearLayoutAttr blocked = blockedLayout(&context, {128, 64}, 8, 4);
  // Transposed to 64x128, column bit j becomes bit 7 + j and row bit i bit
  // i: each thread keeps its elements.
  LinearLayoutAttr transposed = permutedLayout(blocked, {128, 64}, {1, 0});
  EXPECT_EQ(bits(transposed.getRegisters()),
            (std::vector<int32_t>{7, 8, 9, 4, 5, 6}));
  EXPECT_EQ(bits(transposed.getLanes()),
            (std::vector<int32_t>{10, 11, 12, 0, 1}));
  EXPECT_EQ(bits(transposed.getWarps()), (std::vector<int32_t>{2, 3}));
}

TEST_F(LayoutsTest, BroadcastLayoutMovesNoData) {
  LinearLayoutAttr rows =
      reducedLayout(blockedLayout(&context, {128, 64}, 8, 4), {128, 64}, 1);
  LinearLayoutAttr wide = broadcastLayout(rows, {128, 1}, {128, 64});
  EXPECT_EQ(wide.getNumElementBits(), 13);
  EXPECT_TRUE(isBroadcastInPlace(rows, {128, 1}, wide, {128, 64}));
  // A column spread over the lanes (rows 0-4 on lane bits 0-4) cannot
  // become the blocked 128x64 tile (rows 0 and 1 on lane bits 3 and 4)
  // without moving data.
  LinearLayoutAttr column = blockedLayout(&context, {128, 1}, 1, 4);
  EXPECT_FALSE(isBroadcastInPlace(column, {128, 1},
                                  blockedLayout(&context, {128, 64}, 8, 4),
                                  {128, 64}));
}

TEST_F(LayoutsTest, MmaFragmentsAreThoseOfThePtxIsa) {
  // mma.sync.m16n8k16 on one warp; lane l is group l / 4, thread l % 4 in
  // it. `a` (16x16, columns bits 0-3): registers a0..a7 pair two columns,
  // then take row + 8, then column + 8.
  MmaLayouts mma(&context, 16, 8, 16, 1);
  EXPECT_EQ(bits(mma.a().getRegisters()), (std::vector<int32_t>{0, 7, 3}));
  EXPECT_EQ(bits(mma.a().getLanes()), (std::vector<int32_t>{1, 2, 4, 5, 6}));
  // `b` (16x8, KxN, column bits 0-2): pairs of reductions, then
  // reduction + 8; the group is the column.
  EXPECT_EQ(bits(mma.b().getRegisters()), (std::vector<int32_t>{3, 6}));
  EXPECT_EQ(bits(mma.b().getLanes()), (std::vector<int32_t>{4, 5, 0, 1, 2}));
  // The accumulator (16x8): pairs of columns, then row + 8.
  EXPECT_EQ(bits(mma.acc().getRegisters()), (std::vector<int32_t>{0, 6}));
  EXPECT_EQ(bits(mma.acc().getLanes()), (std::vector<int32_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(mma.rowBlocks(), 1);
  EXPECT_EQ(mma.columnBlocks(), 1);
  EXPECT_EQ(mma.reductionBlocks(), 1);
}

TEST_F(LayoutsTest, MmaBlocksCoverTheProduct) {
  // 64x32 by 32 reductions on four warps: every accumulator element once.
  MmaLayouts mma(&context, 64, 32, 32, 4);
  LinearLayoutAttr acc = mma.acc();
  ASSERT_EQ(acc.getNumElementBits(), 11);
  std::map<int64_t, int64_t> holders;
  for (int64_t reg = 0; reg < acc.getElementsPerThread(); ++reg)
    for (int64_t lane = 0; lane < kWarpSize; ++lane)
      for (int64_t warp = 0; warp < 4; ++warp)
        ++holders[elementAt(acc, reg, lane, warp)];
  EXPECT_EQ(holders.size(), 2048u);
  for (auto [element, count] : holders)
    EXPECT_EQ(count, 1) << "element " << element;
  EXPECT_EQ(mma.rowBlocks() * mma.columnBlocks() * kMmaAccRegisters,
            acc.getElementsPerThread());
}

TEST_F(LayoutsTest, WarpgroupAccumulatorSplitsRowsOverWarps) {
  // 128x64 on one warpgroup: warp w holds rows 16w to 16w + 15 of each
  // 64-row block (row bits 4 and 5: element bits 10 and 11), the second
  // block in the last register bit.
  std::optional<WgmmaLayouts> plan =
      WgmmaLayouts::get(&context, 128, 64, 64, 2, 4);
  ASSERT_TRUE(plan);
  EXPECT_EQ(bits(plan->acc().getRegisters()),
            (std::vector<int32_t>{0, 9, 3, 4, 5, 12}));
  EXPECT_EQ(bits(plan->acc().getLanes()),
            (std::vector<int32_t>{1, 2, 6, 7, 8}));
  EXPECT_EQ(bits(plan->acc().getWarps()), (std::vector<int32_t>{10, 11}));
  EXPECT_EQ(plan->rowBlocks(), 2);
  EXPECT_EQ(plan->reductionSteps(), 4);
  EXPECT_EQ(plan->rowsPerGroup(), 128);
}

TEST_F(LayoutsTest, WarpgroupProductsNeedAWholeWarpgroupAndBlock) {
  EXPECT_FALSE(WgmmaLayouts::get(&context, 128, 64, 64, 2, 2));
  EXPECT_FALSE(WgmmaLayouts::get(&context, 32, 64, 64, 2, 4));
  EXPECT_FALSE(WgmmaLayouts::get(&context, 128, 64, 8, 2, 4));
  EXPECT_TRUE(WgmmaLayouts::get(&context, 64, 8, 16, 2, 4));
}

TEST_F(LayoutsTest, EightBitWarpgroupProductsReduceThirtyTwoAStep) {
  // One instruction reduces 32 bytes of each row: 32 8-bit elements.
  std::optional<WgmmaLayouts> plan =
      WgmmaLayouts::get(&context, 128, 64, 128, 1, 4);
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->stepK(), 32);
  EXPECT_EQ(plan->reductionSteps(), 4);
  // The accumulator is laid out as for 16-bit operands.
  EXPECT_EQ(plan->acc(), WgmmaLayouts::get(&context, 128, 64, 64, 2, 4)->acc());
  // 8-bit `a` never comes from registers; 16 reductions are too few.
  EXPECT_FALSE(plan->aFragments());
  EXPECT_FALSE(WgmmaLayouts::get(&context, 64, 64, 16, 1, 4));
  EXPECT_TRUE(WgmmaLayouts::get(&context, 64, 64, 32, 1, 4));
}

TEST_F(LayoutsTest, WarpgroupOperandsTakeSwizzleAlignedSharedMemory) {
  // `a` 128x64 bf16 (16 KiB), then `b` 64x64 from a 1024-byte boundary.
  EXPECT_EQ(wgmmaSharedOffsetOfB(128, 64, 2), 16384);
  EXPECT_EQ(wgmmaSharedBytes(128, 64, 64, 2), 24576);
  EXPECT_EQ(wgmmaSharedStride(128, 64, 64, 2), 24576);
  // An `a` of 64x16 (2 KiB) still puts `b` at a 1024-byte boundary.
  EXPECT_EQ(wgmmaSharedOffsetOfB(64, 16, 2), 2048);
  EXPECT_EQ(kMajorPanelWidth(128, 2), 64);
  EXPECT_EQ(kMajorPanelWidth(32, 2), 32);
  // 8-bit panels hold 128 reductions: the same 128-byte lines.
  EXPECT_EQ(kMajorPanelWidth(256, 1), 128);
}

} // namespace
