//===- MmaLayouts.h - Thread layouts of warp-level matrix products -*- C++ -*-//
//
// tile.dot runs on the tensor cores as mma.sync.m16n8k16: each warp computes
// 16x8 blocks of the result from 16x16 blocks of `a` and 16x8 blocks of `b`,
// with the operands and the accumulator spread over its lanes in fixed
// fragments. These are the layouts that put every tile of a dot in those
// fragments, with the warps of the program splitting the rows and columns of
// the result.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_IR_MMALAYOUTS_H
#define TILE_IR_MMALAYOUTS_H

#include "tile/IR/TileAttrs.h"

namespace mlir::tile {

/// The shape of one mma.sync instruction.
inline constexpr int64_t kMmaM = 16;
inline constexpr int64_t kMmaN = 8;
inline constexpr int64_t kMmaK = 16;

/// Registers one thread holds of each fragment of an m16n8k16 instruction.
inline constexpr int64_t kMmaARegisters = 8;
inline constexpr int64_t kMmaBRegisters = 4;
inline constexpr int64_t kMmaAccRegisters = 4;

/// The layouts of `a` (MxK), `b` (KxN) and the accumulator (MxN) of a dot
/// run by `numWarps` warps. Within each, a thread's registers come in whole
/// fragments: the fragment of block (i, j) starts at register
/// `blockRegister(i, j)`, in the order the instruction takes its operands.
class MmaLayouts {
public:
  MmaLayouts(MLIRContext *context, int64_t m, int64_t n, int64_t k,
             int64_t numWarps);

  LinearLayoutAttr a() const { return aLayout; }
  LinearLayoutAttr b() const { return bLayout; }
  LinearLayoutAttr acc() const { return accLayout; }

  /// Blocks of 16 rows, of 8 columns and of 16 reductions one warp computes.
  int64_t rowBlocks() const { return int64_t(1) << rowBlockBits; }
  int64_t columnBlocks() const { return int64_t(1) << columnBlockBits; }
  int64_t reductionBlocks() const { return int64_t(1) << reductionBlockBits; }

  /// First register of the fragment of `a` for row block `row`, reduction
  /// block `red`; of `b` for `red`, column block `column`; of the accumulator
  /// for `row`, `column`.
  int64_t aRegister(int64_t row, int64_t red) const;
  int64_t bRegister(int64_t red, int64_t column) const;
  int64_t accRegister(int64_t row, int64_t column) const;

private:
  int32_t rowBlockBits, columnBlockBits, reductionBlockBits;
  LinearLayoutAttr aLayout, bLayout, accLayout;
};

} // namespace mlir::tile

#endif // TILE_IR_MMALAYOUTS_H
