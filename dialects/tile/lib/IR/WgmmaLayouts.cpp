//===- WgmmaLayouts.cpp - Warpgroup matrix products on sm_90a -------------===//
//
// The accumulator of wgmma.mma_async.m64nNk16 (PTX ISA, "Register Fragments
// and Shared Memory Matrix Layouts" of wgmma), with g = lane / 4 and
// t = lane % 4 in warp w of the group: registers 4j to 4j + 3 hold, of
// columns 8j to 8j + 7, row 16w + g at columns 2t and 2t + 1, then row
// 16w + g + 8 at the same columns. As a linear layout: register bits are
// column bit 0, row bit 3, then column bits 3 and up; lane bits are column
// bits 1-2 and row bits 0-2; warp bits are row bits 4-5.
//
//===----------------------------------------------------------------------===//

#include "tile/IR/WgmmaLayouts.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

std::optional<WgmmaLayouts> WgmmaLayouts::get(MLIRContext *context, int64_t m,
                                              int64_t n, int64_t k,
                                              int64_t elementBytes,
                                              int64_t numWarps) {
  if (numWarps < kWarpgroupWarps || numWarps % kWarpgroupWarps != 0 ||
      m < kWgmmaM || n < 8 || k * elementBytes < kWgmmaStepBytes)
    return std::nullopt;
  int32_t groupBits = llvm::Log2_64(numWarps / kWarpgroupWarps);
  int32_t rowBits = llvm::Log2_64(m), columnBits = llvm::Log2_64(n);
  WgmmaLayouts plan(m, n, k, elementBytes);
  // Warpgroups take 64-row blocks first, then split the columns.
  plan.groupRowBits = std::min<int32_t>(groupBits, rowBits - 6);
  plan.groupColumnBits = groupBits - plan.groupRowBits;
  int32_t groupColumns = columnBits - plan.groupColumnBits;
  if (groupColumns < 3)
    return std::nullopt;
  plan.rowBlockBits = rowBits - 6 - plan.groupRowBits;
  plan.instructionNBits =
      std::min<int32_t>(groupColumns, llvm::Log2_64(kWgmmaMaxN));
  plan.columnBlockBits = groupColumns - plan.instructionNBits;

  auto row = [&](int32_t bit) { return columnBits + bit; };
  SmallVector<int32_t> registers = {0, row(3)};
  for (int32_t bit = 3; bit < groupColumns; ++bit)
    registers.push_back(bit);
  for (int32_t bit = 0; bit < plan.rowBlockBits; ++bit)
    registers.push_back(row(6 + bit));
  SmallVector<int32_t> lanes = {1, 2, row(0), row(1), row(2)};
  SmallVector<int32_t> warps = {row(4), row(5)};
  for (int32_t bit = 0; bit < plan.groupRowBits; ++bit)
    warps.push_back(row(6 + plan.rowBlockBits + bit));
  for (int32_t bit = 0; bit < plan.groupColumnBits; ++bit)
    warps.push_back(groupColumns + bit);
  plan.accLayout = LinearLayoutAttr::get(context, registers, lanes, warps);
  return plan;
}

int64_t WgmmaLayouts::accRegister(int64_t row, int64_t column) const {
  int32_t perInstruction = instructionNBits - 1;
  return (column << perInstruction) |
         (row << (perInstruction + columnBlockBits));
}

std::optional<WgmmaLayouts> WgmmaLayouts::aFragments() const {
  if (groupColumnBits != 0 || elementBytes != 2)
    return std::nullopt;
  std::optional<WgmmaLayouts> plan =
      get(accLayout.getContext(), m, k, stepK(), elementBytes,
          kWarpgroupWarps << groupRowBits);
  if (!plan || plan->groupColumnBits != 0)
    return std::nullopt;
  return plan;
}

int64_t WgmmaLayouts::fragmentRegister(int64_t row, int64_t step) const {
  // Registers 4j to 4j + 3 of an instruction hold its columns 8j to 8j + 7:
  // a step's 16 reductions take eight.
  int64_t column = step * stepK();
  return accRegister(row, column / instructionN()) +
         (column % instructionN()) / 2;
}

int64_t WgmmaLayouts::panelWidth() const {
  return kMajorPanelWidth(k, elementBytes);
}

int64_t WgmmaLayouts::columnPanelWidth() const {
  return std::min<int64_t>(n, 64);
}

/// Element bit `bit` of a row-major tile of 2^rowBits x 2^columnBits in a
/// panel order: the tile cut along its contiguous dimension (its rows, read
/// transposed, if `rowsContiguous`, else its columns) into panels of
/// 2^panelBits, then panel, other dimension, position in the panel.
static int32_t panelOrderBit(int32_t bit, int32_t rowBits, int32_t columnBits,
                             bool rowsContiguous, int32_t panelBits) {
  if (bit < 0)
    return bit;
  bool isColumnBit = bit < columnBits;
  int32_t index = isColumnBit ? bit : bit - columnBits;
  int32_t otherBits = rowsContiguous ? columnBits : rowBits;
  if (isColumnBit == rowsContiguous)
    return panelBits + index;
  if (index < panelBits)
    return index;
  return otherBits + index;
}

int32_t mlir::tile::kMajorSharedBit(int32_t bit, int64_t rows, int64_t k,
                                    int64_t elementBytes) {
  return panelOrderBit(bit, llvm::Log2_64(rows), llvm::Log2_64(k),
                       /*rowsContiguous=*/false,
                       llvm::Log2_64(kMajorPanelWidth(k, elementBytes)));
}

int32_t WgmmaLayouts::aSharedBit(int32_t bit) const {
  return kMajorSharedBit(bit, m, k, elementBytes);
}

int32_t WgmmaLayouts::bSharedBit(int32_t bit) const {
  return panelOrderBit(bit, llvm::Log2_64(k), llvm::Log2_64(n),
                       /*rowsContiguous=*/true, llvm::Log2_64(panelWidth()));
}

int32_t WgmmaLayouts::bSharedBitNMajor(int32_t bit) const {
  return panelOrderBit(bit, llvm::Log2_64(k), llvm::Log2_64(n),
                       /*rowsContiguous=*/false,
                       llvm::Log2_64(columnPanelWidth()));
}

int64_t mlir::tile::wgmmaSharedOffsetOfB(int64_t m, int64_t k,
                                         int64_t elementBytes) {
  return llvm::alignTo(m * k * elementBytes, 1024);
}

int64_t mlir::tile::wgmmaSharedBytes(int64_t m, int64_t n, int64_t k,
                                     int64_t elementBytes) {
  return wgmmaSharedOffsetOfB(m, k, elementBytes) + n * k * elementBytes;
}

int64_t mlir::tile::wgmmaSharedStride(int64_t m, int64_t n, int64_t k,
                                      int64_t elementBytes) {
  return llvm::alignTo(wgmmaSharedBytes(m, n, k, elementBytes), 1024);
}
