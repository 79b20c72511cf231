//===- MmaLayouts.cpp - Thread layouts of warp-level matrix products ------===//
//
// The fragments of mma.sync.m16n8k16 (PTX ISA, "Matrix Fragments for
// mma.m16n8k16"), with g = lane / 4 and t = lane % 4:
//   a: registers 0-1 hold row g, columns 2t and 2t+1; registers 2-3 the same
//      at row g+8; registers 4-7 repeat that at columns + 8.
//   b: registers 0-1 hold rows 2t and 2t+1 of column g; registers 2-3 rows + 8.
//   acc: registers 0-1 hold row g, columns 2t and 2t+1; registers 2-3 row g+8.
// Each is a linear layout of the row and column bits, so the blocks of a
// larger tile follow as further register bits, then warp bits.
//
//===----------------------------------------------------------------------===//

#include "tile/IR/MmaLayouts.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

namespace {

/// Appends bits first, first + 1, ... of `count` to `bits` through `map`.
template <typename Map>
void appendRange(SmallVectorImpl<int32_t> &bits, int32_t first, int32_t count,
                 Map map) {
  for (int32_t i = 0; i < count; ++i)
    bits.push_back(map(first + i));
}

} // namespace

MmaLayouts::MmaLayouts(MLIRContext *context, int64_t m, int64_t n, int64_t k,
                       int64_t numWarps) {
  int32_t rowTotal = llvm::Log2_64(m / kMmaM);
  int32_t columnTotal = llvm::Log2_64(n / kMmaN);
  reductionBlockBits = llvm::Log2_64(k / kMmaK);

  // Warps take row and column blocks in turn, so that each warp's part of
  // the result stays close to square; warps left over hold replicas.
  int32_t warpRows = 0, warpColumns = 0, idleWarps = 0;
  for (int64_t i = 0, e = llvm::Log2_64(numWarps); i < e; ++i) {
    bool rowsLeft = warpRows < rowTotal;
    bool columnsLeft = warpColumns < columnTotal;
    if (rowsLeft && (i % 2 == 0 || !columnsLeft))
      ++warpRows;
    else if (columnsLeft)
      ++warpColumns;
    else
      ++idleWarps;
  }
  rowBlockBits = rowTotal - warpRows;
  columnBlockBits = columnTotal - warpColumns;

  // In a row-major matrix, column bit i is flat bit i and row bit i follows
  // the column bits.
  int32_t kBits = llvm::Log2_64(k), nBits = llvm::Log2_64(n);
  auto none = [](int32_t) { return -1; };
  auto column = [](int32_t bit) { return bit; };
  auto aRow = [&](int32_t bit) { return kBits + bit; };
  auto nRow = [&](int32_t bit) { return nBits + bit; };
  auto aColumn = column, bColumn = column, accColumn = column;
  auto bRow = nRow, accRow = nRow;
  int32_t firstWarpRow = 4 + rowBlockBits;
  int32_t firstWarpColumn = 3 + columnBlockBits;

  SmallVector<int32_t> registers, lanes, warps;
  registers = {aColumn(0), aRow(3), aColumn(3)};
  appendRange(registers, 4, reductionBlockBits, aColumn);
  appendRange(registers, 4, rowBlockBits, aRow);
  lanes = {aColumn(1), aColumn(2), aRow(0), aRow(1), aRow(2)};
  appendRange(warps, firstWarpRow, warpRows, aRow);
  appendRange(warps, 0, warpColumns + idleWarps, none);
  aLayout = LinearLayoutAttr::get(context, registers, lanes, warps);

  registers = {bRow(0), bRow(3)};
  appendRange(registers, 4, reductionBlockBits, bRow);
  appendRange(registers, 3, columnBlockBits, bColumn);
  lanes = {bRow(1), bRow(2), bColumn(0), bColumn(1), bColumn(2)};
  warps.clear();
  appendRange(warps, 0, warpRows, none);
  appendRange(warps, firstWarpColumn, warpColumns, bColumn);
  appendRange(warps, 0, idleWarps, none);
  bLayout = LinearLayoutAttr::get(context, registers, lanes, warps);

  registers = {accColumn(0), accRow(3)};
  appendRange(registers, 3, columnBlockBits, accColumn);
  appendRange(registers, 4, rowBlockBits, accRow);
  lanes = {accColumn(1), accColumn(2), accRow(0), accRow(1), accRow(2)};
  warps.clear();
  appendRange(warps, firstWarpRow, warpRows, accRow);
  appendRange(warps, firstWarpColumn, warpColumns, accColumn);
  appendRange(warps, 0, idleWarps, none);
  accLayout = LinearLayoutAttr::get(context, registers, lanes, warps);
}

int64_t MmaLayouts::aRegister(int64_t row, int64_t red) const {
  return (red << 3) | (row << (3 + reductionBlockBits));
}

int64_t MmaLayouts::bRegister(int64_t red, int64_t column) const {
  return (red << 2) | (column << (2 + reductionBlockBits));
}

int64_t MmaLayouts::accRegister(int64_t row, int64_t column) const {
  return (column << 2) | (row << (2 + columnBlockBits));
}
